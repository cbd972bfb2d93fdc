import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../components/useDocumentTitle';

/** The spec's test placeholder page. */
export default function HelloWorldPage() {
  useDocumentTitle('Hello world');
  return <Typography variant="h1">Hello world</Typography>;
}
