import { AppShell, Burger, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet } from 'react-router';
import { MainMenu } from './main-menu';
import { SettingsMenu } from './settings-menu';

/** The signed-in frame: header with the settings menu, main menu on the left, the page in the middle. */
export function AppLayout() {
  const [navbarOpen, navbar] = useDisclosure(false);
  return (
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
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
