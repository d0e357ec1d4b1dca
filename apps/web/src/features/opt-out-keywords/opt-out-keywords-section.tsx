import { Alert, Button, Group, Loader, Stack, Switch, Text, Textarea } from '@mantine/core';
import { OPT_IN_KEYWORDS, OPT_OUT_KEYWORDS, HELP_KEYWORDS, messages } from '@canvass/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from 'urql';
import type {
  OptOutKeywordSettingsQuery,
  UpdateOptOutKeywordSettingsMutation,
  UpdateOptOutKeywordSettingsMutationVariables,
} from '../../gql/graphql';
import { errorText, notifySaved } from '../../ui/notify';
import { OPT_OUT_KEYWORD_SETTINGS, UPDATE_OPT_OUT_KEYWORD_SETTINGS } from './opt-out-keywords-operations';

/** One keyword a line, as typed; blank lines are no keywords. */
const keywordsOf = (text: string) =>
  text
    .split('\n')
    .map((k) => k.trim())
    .filter(Boolean);

/**
 * The organization's opt-out keywords (issue 15 §1): the carriers' keywords always opt out, HELP and START always
 * answer; the organization adds its own (whole message) and may turn off plain-language and Spanish opt-outs.
 * Its admins change them (canUpdate); everyone who may see the organization reads them.
 */
export function OptOutKeywordsSection({ canUpdate }: { canUpdate: boolean }) {
  const [{ data, fetching, error }] = useQuery<OptOutKeywordSettingsQuery>({ query: OPT_OUT_KEYWORD_SETTINGS });
  const [state, save] = useMutation<UpdateOptOutKeywordSettingsMutation, UpdateOptOutKeywordSettingsMutationVariables>(
    UPDATE_OPT_OUT_KEYWORD_SETTINGS,
  );
  const [keywords, setKeywords] = useState('');
  const [plain, setPlain] = useState(true);
  const [problems, setProblems] = useState<string[]>([]);
  const stored = data?.optOutKeywordSettings;
  useEffect(() => {
    if (!stored) return;
    setKeywords(stored.optOutKeywords.join('\n'));
    setPlain(stored.plainLanguageOptOuts);
  }, [stored]);

  if (fetching && !stored) return <Loader size="sm" />;
  if (error) return <Alert color="red">{errorText(error)}</Alert>;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = await save({ optOutKeywords: keywordsOf(keywords), plainLanguageOptOuts: plain });
    const payload = result.data?.updateOptOutKeywordSettings;
    if (result.error || !payload) return setProblems([result.error ? errorText(result.error) : messages.failed]);
    setProblems(payload.errors.flatMap((e) => e.messages));
    if (!payload.errors.length) notifySaved();
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack maw={560}>
        <Text size="sm" c="dimmed">
          {OPT_OUT_KEYWORDS.join(', ')} always opt a number out; {HELP_KEYWORDS.join(', ')} and requests such as
          &lsquo;help me&rsquo; or &lsquo;ayuda por favor&rsquo; get the help reply; {OPT_IN_KEYWORDS.join(', ')}{' '}
          re-subscribe.
        </Text>
        <Textarea
          label="Opt-out keywords"
          description="One a line: a reply that is exactly one of these (case, spaces and punctuation ignored) opts out"
          rows={4}
          value={keywords}
          onChange={(e) => {
            setKeywords(e.currentTarget.value);
            setProblems([]);
          }}
          error={problems.length ? problems.join(' ') : null}
          disabled={!canUpdate}
        />
        <Switch
          label="Plain-language opt-outs"
          description="Also opt out replies such as 'stop texting me', 'remove me from this list', 'borrar mi número' or 'no me envíen más mensajes'"
          checked={plain}
          onChange={(e) => setPlain(e.currentTarget.checked)}
          disabled={!canUpdate}
        />
        {canUpdate && (
          <Group>
            <Button type="submit" loading={state.fetching}>
              Save
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
