import { useEffect } from 'react';

/**
 * Sets the browser tab's title to '<page> - <site>' ('Clients - Canvass'; the public opt-in page passes its
 * client's name and 'Opt In', spec §2). Nothing changes while the page's name is still loading.
 */
export function usePageTitle(page: string | null | undefined, site = 'Canvass'): void {
  useEffect(() => {
    if (page) document.title = `${page} - ${site}`;
  }, [page, site]);
}
