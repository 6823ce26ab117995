import { createTheme, PasswordInput } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  components: {
    PasswordInput: PasswordInput.extend({
      // Mantine's default name, "Toggle password visibility", also matches a search for the
      // label "Password": keep that label unique to the field itself.
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Show characters' } },
    }),
  },
});
