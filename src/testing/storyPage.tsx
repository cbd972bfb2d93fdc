import type { Decorator } from '@storybook/react-webpack5';
import Container from '@mui/material/Container';

/** A page story in the frame the app's layouts give a page: centred, with room above and below. */
export const onPage: Decorator = (Story) => (
  <Container maxWidth="lg" sx={{ py: 5 }}>
    <Story />
  </Container>
);
