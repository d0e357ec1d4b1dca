import { messages } from '@canvass/domain';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** Where the server's Google callback reports its result (apps/server modules/google/google.routes.ts). */
const RESULT_PARAM = 'googleAuthorization';

/** On return from Google: 'Google Authorization saved' or 'Google Authorization failed', then the address is clean. */
export function GoogleAuthorizationResult() {
  const [params, setParams] = useSearchParams();
  const result = params.get(RESULT_PARAM);
  // Once per return, even when StrictMode runs the effect twice before the address is cleaned.
  const shown = useRef(false);
  useEffect(() => {
    if ((result !== 'saved' && result !== 'failed') || shown.current) return;
    shown.current = true;
    notifications.show({
      color: result === 'saved' ? 'green' : 'red',
      message: result === 'saved' ? messages.googleAuthorizationSaved : messages.googleAuthorizationFailed,
    });
    setParams(
      (current) => {
        current.delete(RESULT_PARAM);
        return current;
      },
      { replace: true },
    );
  }, [result, setParams]);
  return null;
}
