// The console's styles travel with its chunk; the pages outside it load only public-styles.ts.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { AppShell, Burger, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { GoogleAuthorizationResult } from '../features/google/google-authorization-result';
import { GraphqlProvider } from '../session/graphql-provider';
import { MainMenu } from './main-menu';
import { PageLoader } from '../ui/page-loader';
import { useSession } from '../session/session';
import { SettingsMenu } from './settings-menu';
import { useViewerFreshness } from '../session/viewer-freshness';

/** The signed-in frame: header with the settings menu, main menu on the left, the page in the middle. */
export function AppLayout() {
  const [navbarOpen, navbar] = useDisclosure(false);
  const { cacheKey } = useSession();
  useViewerFreshness();
  return (
    // Only the console talks GraphQL through urql; its client is replaced whenever the session changes hands.
    <GraphqlProvider cacheKey={cacheKey}>
      {/* Only the console opens dialogs (confirm delete, inline create); inside the router, they can navigate. */}
      <ModalsProvider>
        {/* Back from connecting a Google account (GET /auth/google/callback): says whether it worked. */}
        <GoogleAuthorizationResult />
        <AppShell
          header={{ height: 60 }}
          navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navbarOpen } }}
          padding="md"
        >
          <AppShell.Header>
            <Group h="100%" px="md" justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <Burger
                  opened={navbarOpen}
                  onClick={navbar.toggle}
                  hiddenFrom="sm"
                  size="sm"
                  aria-label="Toggle main menu"
                />
                <UnstyledButton component={Link} to="/dashboard">
                  <Text fw={800} fz="xl" c="indigo.8">
                    Canvass
                  </Text>
                </UnstyledButton>
              </Group>
              <SettingsMenu />
            </Group>
          </AppShell.Header>
          <AppShell.Navbar p="sm">
            {/* On small screens the navbar overlays the page; close it once the user has picked a page. */}
            <MainMenu onNavigate={navbar.close} />
          </AppShell.Navbar>
          <AppShell.Main bg="gray.0">
            {/* A screen whose chunk is still loading keeps the menus around it. */}
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </AppShell.Main>
        </AppShell>
      </ModalsProvider>
    </GraphqlProvider>
  );
}
