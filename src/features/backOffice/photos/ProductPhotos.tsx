import { useRef, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddAPhotoOutlined from '@mui/icons-material/AddAPhotoOutlined';
import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import type { Photo, ProductPhotos as Photos } from 'contract';
import { useAppSelector } from '../../../state/hooks';
import { getErrorMessage } from '../../../lib/getErrorMessage';
import { toast } from '../../../lib/toast';
import {
  photosApi,
  sendProductPhoto,
  useGetProductPhotosQuery,
  useProductPhotoAddedMutation,
  useRemoveProductPhotoMutation,
  useReorderProductPhotosMutation,
} from '../../../services/backOffice/photosApi';
import { loadApi } from '../../../state/lazyApis';
import { TAP_TARGET_PX } from '../../../theme/theme';

loadApi(photosApi);

export const PHOTO_WORDS = {
  loading: 'Loading photos…',
  none: 'No photos yet. The shop shows a drawn picture until you add one.',
  firstIsShown: 'The first photo is the one the shop shows.',
  add: 'Add a photo',
  full: (max: number) =>
    `This product has ${max} photos, the most it can have. Remove one to add another.`,
  tooLarge: (mb: number) => `This photo is larger than ${mb} MB. Choose a smaller one.`,
  notAPhoto: 'This file is not a photo. Choose a JPEG, PNG or WebP picture.',
  uploading: (percent: number) => `Uploading photo… ${percent}%`,
  added: 'Photo added',
  moved: 'Photo order saved',
  removed: 'Photo removed',
  tryAgain: 'Try again',
  confirmTitle: 'Remove this photo?',
  confirmText: 'Shoppers will no longer see it. You can add it again later.',
  keep: 'Keep photo',
  remove: 'Remove photo',
} as const;

const MB = 1024 * 1024;

type Upload =
  | { state: 'idle' }
  | { state: 'sending'; sent: number }
  | { state: 'failed'; message: string; file: File | null };

function PhotoTile({
  photo,
  index,
  count,
  busy,
  onMove,
  onRemove,
}: {
  photo: Photo;
  index: number;
  count: number;
  busy: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: (photo: Photo) => void;
}) {
  const n = index + 1;
  const label = index === 0 ? `Photo ${n}, shown in the shop` : `Photo ${n}`;
  const small = photo.sources[0];
  return (
    <Box
      component="li"
      sx={{ listStyle: 'none', border: 1, borderColor: 'divider', borderRadius: 2, p: 1 }}
    >
      <Box
        component="img"
        src={small?.jpeg ?? photo.src}
        srcSet={photo.sources.map((s) => `${s.jpeg} ${s.width}w`).join(', ')}
        sizes="(max-width: 560px) 50vw, 200px"
        alt={label}
        sx={{
          display: 'block',
          width: '100%',
          aspectRatio: '1',
          objectFit: 'cover',
          borderRadius: 1,
          bgcolor: 'background.default',
        }}
      />
      <Typography
        variant="caption"
        component="p"
        sx={{ mt: 0.5, fontWeight: index === 0 ? 700 : 400 }}
      >
        {label}
      </Typography>
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <IconButton
          aria-label={`Move photo ${n} earlier`}
          disabled={busy || index === 0}
          onClick={() => onMove(index, index - 1)}
          sx={{ width: TAP_TARGET_PX, height: TAP_TARGET_PX }}
        >
          <ArrowBack />
        </IconButton>
        <IconButton
          aria-label={`Remove photo ${n}`}
          disabled={busy}
          onClick={() => onRemove(photo)}
          sx={{ width: TAP_TARGET_PX, height: TAP_TARGET_PX }}
        >
          <DeleteOutline />
        </IconButton>
        <IconButton
          aria-label={`Move photo ${n} later`}
          disabled={busy || index === count - 1}
          onClick={() => onMove(index, index + 1)}
          sx={{ width: TAP_TARGET_PX, height: TAP_TARGET_PX }}
        >
          <ArrowForward />
        </IconButton>
      </Stack>
    </Box>
  );
}

/**
 * A product's photos in the back office: in the order the shop shows them, with "Add a photo"
 * (the phone offers its camera and its gallery for an image input), the upload's progress,
 * moving a photo earlier or later, and removing one after a confirm. A failed upload says why
 * in words and keeps the photos there were, and the chosen file for another try.
 */
export default function ProductPhotos({ productId }: { productId: number }) {
  const [photoAdded] = useProductPhotoAddedMutation();
  const token = useAppSelector((state) => state.session.authToken);
  const { data, error, isLoading, isFetching } = useGetProductPhotosQuery(productId);
  const [reorder, reordering] = useReorderProductPhotosMutation();
  const [removePhoto, removing] = useRemoveProductPhotoMutation();
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const [confirming, setConfirming] = useState<Photo | null>(null);
  const input = useRef<HTMLInputElement>(null);

  if (isLoading) return <Typography role="status">{PHOTO_WORDS.loading}</Typography>;
  if (!data) return <Alert severity="error">{getErrorMessage(error)}</Alert>;

  const photos = data.photos;
  const full = photos.length >= data.max_photos;
  const sending = upload.state === 'sending';
  const busy = sending || reordering.isLoading || removing.isLoading;

  async function send(file: File, answer: Photos) {
    if (file.size > answer.max_bytes) {
      setUpload({
        state: 'failed',
        message: PHOTO_WORDS.tooLarge(answer.max_bytes / MB),
        file: null,
      });
      return;
    }
    if (file.type !== '' && !file.type.startsWith('image/')) {
      setUpload({ state: 'failed', message: PHOTO_WORDS.notAPhoto, file: null });
      return;
    }
    setUpload({ state: 'sending', sent: 0 });
    try {
      const added = await sendProductPhoto(productId, file, token, (sent) =>
        setUpload({ state: 'sending', sent }),
      );
      await photoAdded(added).unwrap();
      setUpload({ state: 'idle' });
      toast.success(PHOTO_WORDS.added);
    } catch (failure) {
      setUpload({ state: 'failed', message: getErrorMessage(failure), file });
    }
  }

  function chosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again (after a failure) fires a change.
    event.target.value = '';
    if (file && data) void send(file, data);
  }

  async function move(from: number, to: number) {
    const ids = photos.map((p) => p.id);
    const [moved] = ids.splice(from, 1);
    if (moved === undefined) return;
    ids.splice(to, 0, moved);
    try {
      await reorder({ productId, photo_ids: ids }).unwrap();
      toast.success(PHOTO_WORDS.moved);
    } catch (failure) {
      toast.error(getErrorMessage(failure));
    }
  }

  async function confirmRemove() {
    const photo = confirming;
    setConfirming(null);
    if (!photo) return;
    try {
      await removePhoto({ productId, photoId: photo.id }).unwrap();
      toast.success(PHOTO_WORDS.removed);
    } catch (failure) {
      toast.error(getErrorMessage(failure));
    }
  }

  const percent = sending ? Math.round(upload.sent * 100) : 0;
  return (
    <Stack spacing={2} component="section" aria-labelledby={`photos-${productId}`}>
      <Typography id={`photos-${productId}`} variant="h6" component="h2">
        Photos
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {photos.length === 0 ? PHOTO_WORDS.none : PHOTO_WORDS.firstIsShown}
      </Typography>
      {photos.length > 0 ? (
        <Box
          component="ol"
          aria-label="Photos in the order the shop shows them"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
            gap: 1.5,
            m: 0,
            p: 0,
            opacity: isFetching ? 0.6 : 1,
          }}
        >
          {photos.map((photo, index) => (
            <PhotoTile
              key={photo.id}
              photo={photo}
              index={index}
              count={photos.length}
              busy={busy}
              onMove={(from, to) => void move(from, to)}
              onRemove={setConfirming}
            />
          ))}
        </Box>
      ) : null}

      {sending ? (
        <Box role="status">
          <Typography variant="body2">{PHOTO_WORDS.uploading(percent)}</Typography>
          <LinearProgress variant="determinate" value={percent} aria-label="Upload progress" />
        </Box>
      ) : null}

      {upload.state === 'failed' ? (
        <Alert
          severity="error"
          action={
            upload.file ? (
              <Button
                color="inherit"
                size="small"
                onClick={() => upload.file && void send(upload.file, data)}
                disabled={full}
              >
                {PHOTO_WORDS.tryAgain}
              </Button>
            ) : undefined
          }
        >
          {upload.message}
        </Alert>
      ) : null}

      {full ? (
        <Typography variant="body2">{PHOTO_WORDS.full(data.max_photos)}</Typography>
      ) : (
        <Button
          variant="outlined"
          startIcon={<AddAPhotoOutlined />}
          disabled={busy}
          onClick={() => input.current?.click()}
          sx={{ alignSelf: 'flex-start', minHeight: TAP_TARGET_PX }}
        >
          {PHOTO_WORDS.add}
        </Button>
      )}
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        aria-label={PHOTO_WORDS.add}
        onChange={chosen}
        data-testid="product-photo-input"
      />

      <Dialog open={confirming !== null} onClose={() => setConfirming(null)}>
        <DialogTitle>{PHOTO_WORDS.confirmTitle}</DialogTitle>
        <DialogContent>
          <Typography>{PHOTO_WORDS.confirmText}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>{PHOTO_WORDS.keep}</Button>
          <Button color="error" variant="contained" onClick={() => void confirmRemove()}>
            {PHOTO_WORDS.remove}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
