import Typography, { type TypographyProps } from '@mui/material/Typography';
import { formatNaira } from '../../lib/format';

/** A naira amount, always through the one formatter. */
export default function Price({ amount, ...props }: { amount: number } & TypographyProps) {
  return (
    <Typography component="span" fontWeight={700} {...props}>
      {formatNaira(amount)}
    </Typography>
  );
}
