import { useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import type { CatalogueImportPreview, CatalogueImportRefused, ImportFieldChange } from 'contract';
import PageHeader from '../../../components/PageHeader';
import RequireShopper from '../../../components/RequireShopper';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { formatCount, formatNaira } from '../../../lib/format';
import { getErrorMessage } from '../../../lib/getErrorMessage';
import { toast } from '../../../lib/toast';
import {
  catalogueImportApi,
  useApplyCatalogueImportMutation,
  useLazyExportCatalogueQuery,
  usePreviewCatalogueImportMutation,
} from '../../../services/backOffice/catalogueImportApi';
import { loadApi } from '../../../state/lazyApis';
import { TAP_TARGET_PX } from '../../../theme/theme';

loadApi(catalogueImportApi);

const TITLE = 'Spreadsheet';
/** How many lines of each kind the page lists; the counts above say how many there are. */
export const SHOWN_PER_GROUP = 100;
export const DOWNLOAD_LABEL = 'Download the catalogue (CSV)';
export const CHOOSE_LABEL = 'Choose a CSV file';
export const APPLY_LABEL = 'Apply these changes';

const MONEY_FIELDS = new Set(['price', 'discount']);

/** A value as the preview shows it: money in naira, an empty cell as a dash. */
function shown(change: ImportFieldChange, value: string): string {
  if (value === '') return '—';
  return MONEY_FIELDS.has(change.field) ? formatNaira(value) : value;
}

const plural = (n: number, one: string, many: string) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

/** The file the export saves: today's date in its name, and the mark Excel reads UTF-8 by. */
function saveCsv(csv: string): void {
  const day = new Date().toISOString().slice(0, 10);
  const blob = new Blob([csv.startsWith('\ufeff') ? '' : '\ufeff', csv], {
    type: 'text/csv;charset=utf-8',
  });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = `catalogue-${day}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start the download before the address goes.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/** A chosen file's text (UTF-8); FileReader, which every phone's browser has. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(new Error(`${file.name} could not be read: choose it again`));
    reader.readAsText(file, 'utf-8');
  });
}

/** The preview an apply refused carries, when the server refused because of bad lines. */
function refusedPreview(error: unknown): CatalogueImportPreview | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const data = (error as { data?: Partial<CatalogueImportRefused> }).data;
  return data?.preview ?? null;
}

/**
 * The owner's catalogue spreadsheet: download every product as CSV, change it in a
 * spreadsheet, choose the file, read what it would add and change (and every line that is
 * wrong), then apply it. Nothing is applied while a line is wrong.
 */
export default function CatalogueImportPage() {
  useDocumentTitle(TITLE);
  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle="Change prices, stock and products in a spreadsheet, then bring the file back."
      />
      <RequireShopper>
        <CatalogueSpreadsheet />
      </RequireShopper>
    </>
  );
}

interface Chosen {
  name: string;
  text: string;
}

function CatalogueSpreadsheet() {
  const [exportCatalogue, exported] = useLazyExportCatalogueQuery();
  const [previewImport, previewing] = usePreviewCatalogueImportMutation();
  const [applyImport, applying] = useApplyCatalogueImportMutation();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [preview, setPreview] = useState<CatalogueImportPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function download() {
    try {
      saveCsv(await exportCatalogue().unwrap());
    } catch (error) {
      toast.error(getErrorMessage(error));
    }
  }

  async function check(file: Chosen) {
    setProblem(null);
    setPreview(null);
    try {
      setPreview(await previewImport(file.text).unwrap());
    } catch (error) {
      setProblem(getErrorMessage(error));
    }
  }

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file chosen again (after correcting it) must fire a change too.
    event.target.value = '';
    if (!file) return;
    let next: Chosen;
    try {
      next = { name: file.name, text: await readText(file) };
    } catch (error) {
      setProblem(getErrorMessage(error));
      return;
    }
    setChosen(next);
    await check(next);
  }

  async function apply() {
    if (!chosen) return;
    try {
      const done = await applyImport(chosen.text).unwrap();
      setPreview(done);
      toast.success(
        `Catalogue updated: ${plural(done.added.length, 'product added', 'products added')}, ${plural(done.changed.length, 'changed', 'changed')}.`,
      );
    } catch (error) {
      const again = refusedPreview(error);
      if (again) setPreview(again);
      toast.error(getErrorMessage(error));
    }
  }

  const busy = previewing.isLoading || applying.isLoading;
  const applied = preview?.applied === true;
  const nothingToDo = preview !== null && preview.added.length + preview.changed.length === 0;

  return (
    <Stack spacing={3} sx={{ maxWidth: 720 }}>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            1. Download
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Every product, archived ones too, with its slug, price, discount, stock and the rest.
            Leave the slug column as it is; for a new product, leave its slug empty.
          </Typography>
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            onClick={() => void download()}
            disabled={exported.isFetching}
            sx={{ minHeight: TAP_TARGET_PX }}
          >
            {exported.isFetching ? 'Preparing the file…' : DOWNLOAD_LABEL}
          </Button>
        </CardContent>
      </Card>

      <Card variant="outlined">
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            2. Bring the file back
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Save it as CSV. You will see what would change before anything does.
          </Typography>
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            hidden
            data-testid="catalogue-file"
            onChange={(event) => void choose(event)}
          />
          <Button
            variant={preview ? 'outlined' : 'contained'}
            startIcon={<UploadFileOutlined />}
            onClick={() => input.current?.click()}
            disabled={busy}
            sx={{ minHeight: TAP_TARGET_PX }}
          >
            {chosen ? 'Choose another file' : CHOOSE_LABEL}
          </Button>
          {chosen ? (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {chosen.name}
            </Typography>
          ) : null}
        </CardContent>
      </Card>

      {previewing.isLoading ? (
        <Box role="status" aria-live="polite">
          <Typography sx={{ mb: 1 }}>Checking every line of the file…</Typography>
          <LinearProgress aria-label="Checking the file" />
        </Box>
      ) : null}

      {problem ? (
        <Alert
          severity="error"
          action={
            chosen ? (
              <Button color="inherit" onClick={() => void check(chosen)}>
                Try again
              </Button>
            ) : undefined
          }
        >
          {problem}
        </Alert>
      ) : null}

      {preview ? (
        <ImportPreview
          preview={preview}
          applying={applying.isLoading}
          canApply={!applied && preview.bad.length === 0 && !nothingToDo && !busy}
          onApply={() => void apply()}
        />
      ) : null}
    </Stack>
  );
}

/** What the file would do (or did): the counts, then the lines of each kind. */
export function ImportPreview({
  preview,
  applying,
  canApply,
  onApply,
}: {
  preview: CatalogueImportPreview;
  applying: boolean;
  canApply: boolean;
  onApply: () => void;
}) {
  const { added, changed, bad, unchanged, applied } = preview;
  return (
    <Stack spacing={2} component="section" aria-label={applied ? 'Applied' : 'Preview'}>
      {applied ? (
        <Alert severity="success">
          Done: {plural(added.length, 'product added', 'products added')},{' '}
          {plural(changed.length, 'product changed', 'products changed')}. The shop shows them now.
        </Alert>
      ) : bad.length > 0 ? (
        <Alert severity="error">
          Nothing can be applied while{' '}
          {plural(bad.length, 'line has a problem', 'lines have problems')}. Correct{' '}
          {bad.length === 1 ? 'it' : 'them'} in the spreadsheet and choose the file again.
        </Alert>
      ) : added.length + changed.length === 0 ? (
        <Alert severity="info">This file changes nothing: every product is as it says.</Alert>
      ) : null}

      <Typography component="p" aria-label="Counts">
        {[
          plural(added.length, 'to add', 'to add'),
          plural(changed.length, 'to change', 'to change'),
          `${formatCount(unchanged)} unchanged`,
          plural(bad.length, 'with a problem', 'with problems'),
        ].join(' · ')}
      </Typography>
      {preview.ignored_columns.length > 0 ? (
        <Typography variant="body2" color="text.secondary">
          Columns left out (the shop does not know them): {preview.ignored_columns.join(', ')}
        </Typography>
      ) : null}

      {bad.length > 0 ? (
        <Group title="Lines with problems" total={bad.length}>
          {bad.slice(0, SHOWN_PER_GROUP).map((row) => (
            <ListItem key={`${row.line}-${row.reason}`} disableGutters>
              <Typography>
                <strong>Line {row.line}:</strong> {row.reason}
              </Typography>
            </ListItem>
          ))}
        </Group>
      ) : null}

      {added.length > 0 ? (
        <Group title={applied ? 'Added' : 'To add'} total={added.length}>
          {added.slice(0, SHOWN_PER_GROUP).map((row) => (
            <ListItem key={row.line} disableGutters>
              <Typography>
                <strong>{row.name}</strong> ({row.category}): {formatNaira(row.price)}, stock{' '}
                {row.stock}
                <Typography component="span" variant="body2" color="text.secondary">
                  {' '}
                  · line {row.line}
                </Typography>
              </Typography>
            </ListItem>
          ))}
        </Group>
      ) : null}

      {changed.length > 0 ? (
        <Group title={applied ? 'Changed' : 'To change'} total={changed.length}>
          {changed.slice(0, SHOWN_PER_GROUP).map((row) => (
            <ListItem key={row.line} disableGutters sx={{ display: 'block' }}>
              <Typography>
                <strong>{row.name}</strong>
                <Typography component="span" variant="body2" color="text.secondary">
                  {' '}
                  · line {row.line}
                </Typography>
              </Typography>
              {row.changes.map((change) => (
                <Typography key={change.field} variant="body2">
                  {change.field.replace(/_/g, ' ')}: {shown(change, change.old)} →{' '}
                  {shown(change, change.new)}
                </Typography>
              ))}
            </ListItem>
          ))}
        </Group>
      ) : null}

      {applied ? null : (
        <Button
          variant="contained"
          onClick={onApply}
          disabled={!canApply}
          sx={{ minHeight: TAP_TARGET_PX, alignSelf: 'flex-start' }}
        >
          {applying ? 'Applying…' : APPLY_LABEL}
        </Button>
      )}
    </Stack>
  );
}

function Group({ title, total, children }: { title: string; total: number; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle1" component="h3">
        {title} ({formatCount(total)})
      </Typography>
      <List dense aria-label={title}>
        {children}
      </List>
      {total > SHOWN_PER_GROUP ? (
        <Typography variant="body2" color="text.secondary">
          and {formatCount(total - SHOWN_PER_GROUP)} more
        </Typography>
      ) : null}
    </Box>
  );
}
