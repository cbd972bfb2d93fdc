import { useEffect, useRef, useState, type ReactNode } from 'react';
import { toast } from '../../lib/toast';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import AccessTime from '@mui/icons-material/AccessTime';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useShopContact } from '../../components/useShopContact';
import { PAGE_TITLES } from 'contract/titles';
import { brand } from '../../lib/brand';
import { contactMessages } from '../../lib/messages';
import { AppForm, EmailField, FormTextField, useAppForm } from '../../components/form';
import { validateContact } from './contactValidation';
import PageIntro from './PageIntro';
import { sendContactMessage, type ContactMessage } from './sendContactMessage';

const emptyForm: ContactMessage = { name: '', email: '', message: '' };

/** One term of the info list; the icon sits inside the <dt> so the list stays valid HTML. */
function InfoItem({
  icon,
  term,
  children,
}: {
  icon: ReactNode;
  term: string;
  children: ReactNode;
}) {
  return (
    <Box sx={{ position: 'relative', pl: 7.5, minHeight: 44 }}>
      <Typography component="dt" sx={{ fontWeight: 700 }}>
        <Box
          component="span"
          aria-hidden="true"
          sx={(theme) => ({
            position: 'absolute',
            left: 0,
            top: 0,
            display: 'grid',
            placeItems: 'center',
            width: 44,
            height: 44,
            borderRadius: 3,
            bgcolor: alpha(theme.palette.primary.main, 0.1),
            color: 'primary.main',
          })}
        >
          {icon}
        </Box>
        {term}
      </Typography>
      <Typography
        component="dd"
        color="text.secondary"
        sx={{ m: 0, overflowWrap: 'anywhere', lineHeight: 1.6 }}
      >
        {children}
      </Typography>
    </Box>
  );
}

function ContactInfo() {
  const contact = useShopContact();
  return (
    <Card component="section" aria-labelledby="contact-info-title" sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 3, md: 4 } }}>
        <Typography id="contact-info-title" variant="blockTitle" sx={{ mb: 3 }}>
          Visit, call or write
        </Typography>
        <Stack component="dl" spacing={2.5} sx={{ m: 0 }}>
          <InfoItem icon={<PlaceOutlined />} term="Address">
            {contact.address}
          </InfoItem>
          <InfoItem icon={<PhoneOutlined />} term="Phone">
            <Link href={contact.phoneHref}>{contact.phone}</Link>
          </InfoItem>
          <InfoItem icon={<EmailOutlined />} term="Email">
            <Link href={`mailto:${brand.email}`}>{brand.email}</Link>
          </InfoItem>
          <InfoItem icon={<AccessTime />} term="Opening hours">
            {brand.supportHours}
          </InfoItem>
        </Stack>
        <Box
          sx={{
            mt: 4,
            p: 2.5,
            borderRadius: 3,
            bgcolor: 'secondary.light',
            display: 'flex',
            gap: 1.5,
          }}
        >
          <StorefrontOutlined aria-hidden="true" sx={{ color: 'primary.dark', mt: 0.25 }} />
          <Typography>
            <Box component="strong">Want to sell on Ibadan Market?</Box> Tell us what you sell and
            where your shop or stall is, and our vendor team will get in touch.
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * Contact (docs/product.md#content-pages): the info block and a form sent through EmailJS.
 * Errors show once a field is left or the form is submitted. No pending toast; success
 * empties the form, failure keeps what was typed.
 */
export default function ContactPage() {
  useDocumentTitle(PAGE_TITLES.contact);
  const form = useAppForm<ContactMessage>({ defaultValues: emptyForm, rules: validateContact });
  const [sending, setSending] = useState(false);
  const submitRef = useRef<HTMLButtonElement>(null);
  const wasSending = useRef(false);

  // A disabled button drops focus to the page; hand it back when sending is over.
  useEffect(() => {
    if (wasSending.current && !sending && document.activeElement === document.body) {
      submitRef.current?.focus();
    }
    wasSending.current = sending;
  }, [sending]);

  async function submit(values: ContactMessage) {
    if (sending) return;
    setSending(true);
    try {
      await sendContactMessage({
        name: values.name.trim(),
        email: values.email.trim(),
        message: values.message.trim(),
      });
      toast.success(contactMessages.success);
      form.reset(emptyForm);
    } catch {
      toast.error(contactMessages.error);
    } finally {
      setSending(false);
    }
  }

  // Errors show as soon as a field is left, blank or not; the space keeps the layout still.
  const shared = { checkWhenBlank: true, hint: ' ', required: true } as const;

  return (
    <>
      <PageIntro eyebrow="We are here to help" title="Contact us">
        A question about an order, a product you cannot find, or selling on Ibadan Market? Send us a
        message and our team in Bodija will reply by email.
      </PageIntro>

      <Grid container spacing={{ xs: 3, md: 4 }}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Card component="section" aria-labelledby="contact-form-title">
            <CardContent sx={{ p: { xs: 3, md: 4 } }}>
              <Typography id="contact-form-title" variant="blockTitle" sx={{ mb: 0.5 }}>
                Write to us
              </Typography>
              <Typography color="text.secondary" sx={{ mb: 3 }}>
                All fields are required.
              </Typography>
              <AppForm
                form={form}
                onSubmit={submit}
                sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}
              >
                <FormTextField<ContactMessage>
                  {...shared}
                  name="name"
                  label="Your name"
                  autoComplete="name"
                />
                <EmailField<ContactMessage> {...shared} />
                <FormTextField<ContactMessage>
                  {...shared}
                  name="message"
                  label="Message"
                  multiline
                  minRows={5}
                />
                <Box sx={{ mt: 1 }}>
                  <Button
                    ref={submitRef}
                    type="submit"
                    variant="contained"
                    size="large"
                    disabled={sending}
                    endIcon={
                      sending ? (
                        <CircularProgress size={18} color="inherit" aria-hidden="true" />
                      ) : (
                        <SendOutlined />
                      )
                    }
                    sx={{ px: 4, width: { xs: '100%', sm: 'auto' } }}
                  >
                    {sending ? 'Sending…' : 'Send message'}
                  </Button>
                </Box>
              </AppForm>
            </CardContent>
          </Card>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <ContactInfo />
        </Grid>
      </Grid>
    </>
  );
}
