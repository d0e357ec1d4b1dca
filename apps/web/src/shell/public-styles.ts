// The stylesheet of the pages outside the console (sign-in, sign-up, password reset, errors): Mantine's base and
// only the components those pages use, so the login page does not download the styles of every component.
// The console loads Mantine's whole stylesheet with its own chunk (layout.tsx). A component added to a public
// page needs its stylesheet here (and the ones it is built from, e.g. PasswordInput uses Input and ActionIcon).
// No default-css-variables.css (4 kB gzip): MantineProvider writes the same theme variables itself (main.tsx).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Alert.css';
