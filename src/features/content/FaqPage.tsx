import { useState, type ReactNode, type SyntheticEvent } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import ExpandMore from '@mui/icons-material/ExpandMore';
import QuestionAnswerOutlined from '@mui/icons-material/QuestionAnswerOutlined';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { PAGE_TITLES } from 'contract/titles';
import PageIntro from './PageIntro';
import RouterLink from '../../components/RouterLink';

interface Faq {
  id: string;
  question: string;
  answer: ReactNode;
}

const paragraph = { mb: 1.5, lineHeight: 1.7, '&:last-child': { mb: 0 } } as const;

/** The four questions of docs/product.md#content-pages, in its order. */
const faqs: readonly Faq[] = [
  {
    id: 'what',
    question: 'What is Ibadan Market?',
    answer: (
      <>
        <Typography sx={paragraph}>
          Ibadan Market is an online marketplace for groceries and everyday goods, made for
          households in Ibadan. Rice, beans, garri, yam, fresh pepper and tomatoes, provisions,
          toiletries and cleaning supplies: the things you would buy at Bodija or Dugbe market, at
          fair prices shown in naira.
        </Typography>
        <Typography sx={paragraph}>
          You shop from your phone or computer, pay online, and we bring your order to you or keep
          it ready for pickup. You can also save items to a wishlist and follow every order from
          your profile.
        </Typography>
      </>
    ),
  },
  {
    id: 'how',
    question: 'How does it work?',
    answer: (
      <>
        <Typography component="ol" sx={{ ...paragraph, pl: 2.5, '& li': { mb: 0.75 } }}>
          <li>Search or browse the shop and add what you need to your cart.</li>
          <li>
            Add your delivery location. We deliver within Ibadan, Oyo State: Bodija, Agodi, Mokola,
            Dugbe, Sango, Ajibode, Apete, UI, Poly Ibadan and more.
          </li>
          <li>
            Choose home delivery (1 to 3 business days) or pickup from our station (usually ready
            within 24 hours).
          </li>
          <li>Pay securely online in naira through Paystack, by card or bank transfer.</li>
        </Typography>
        <Typography sx={paragraph}>
          You will see VAT and the delivery and packaging charge before you pay. Some deliveries are
          handed over at the nearest bus stop, so keep your phone close. Every order appears under
          My Orders in your profile.
        </Typography>
      </>
    ),
  },
  {
    id: 'vendors',
    question: 'Who are the vendors?',
    answer: (
      <>
        <Typography sx={paragraph}>
          Our vendors are traders and shops from Ibadan’s own markets and neighbourhoods, including
          Bodija, Dugbe and Oja’ba. For now, our Bodija store buys from them, checks the goods and
          fulfils every order, so you pay once and receive everything in one delivery.
        </Typography>
        <Typography sx={paragraph}>
          A page where you can discover individual vendors and shop from their stalls is coming
          soon.
        </Typography>
      </>
    ),
  },
  {
    id: 'become-vendor',
    question: 'How can I become a vendor?',
    answer: (
      <>
        <Typography sx={paragraph}>
          Send us a message through our Contact page. Tell us your name, what you sell, where your
          shop or stall is and how to reach you. Our vendor team will get in touch to talk about
          listing your products, pricing and how orders reach your customers.
        </Typography>
        <Typography sx={paragraph}>
          There is no fee to register your interest, and you keep selling at your stall as usual.
        </Typography>
      </>
    ),
  },
];

/** FAQ (docs/product.md#content-pages): one answer open at a time; the open one closes when clicked. */
export default function FaqPage() {
  useDocumentTitle(PAGE_TITLES.faq);
  const [expanded, setExpanded] = useState<string | false>(false);

  const toggle = (id: string) => (_event: SyntheticEvent, isExpanded: boolean) => {
    setExpanded(isExpanded ? id : false);
  };

  return (
    <>
      <PageIntro eyebrow="FAQ" title="Frequently asked questions">
        Everything you need to know about shopping on Ibadan Market, from how delivery works to
        selling your own goods.
      </PageIntro>

      <Box sx={{ maxWidth: 860 }}>
        {faqs.map((faq) => (
          <Accordion
            key={faq.id}
            expanded={expanded === faq.id}
            onChange={toggle(faq.id)}
            disableGutters
            slotProps={{ heading: { component: 'h2' } }}
            sx={(theme) => ({
              mb: 1.5,
              borderRadius: '14px !important',
              border: 1,
              borderColor: expanded === faq.id ? 'primary.main' : 'divider',
              boxShadow: 'none',
              '&::before': { display: 'none' },
              bgcolor: 'background.paper',
              transition: 'border-color 150ms',
              '&.Mui-expanded': {
                boxShadow: `0 8px 24px ${alpha(theme.palette.primary.dark, 0.08)}`,
              },
            })}
          >
            <AccordionSummary
              expandIcon={<ExpandMore />}
              id={`faq-${faq.id}-question`}
              aria-controls={`faq-${faq.id}-answer`}
              sx={{
                px: { xs: 2, sm: 3 },
                py: 1,
                '& .MuiAccordionSummary-content': { my: 1.25 },
                '& .MuiAccordionSummary-expandIconWrapper': { color: 'primary.main' },
              }}
            >
              <Typography variant="sectionTitle" component="span">
                {faq.question}
              </Typography>
            </AccordionSummary>
            {/* Accordion wraps the details in a region labelled by the summary's id. */}
            <AccordionDetails sx={{ px: { xs: 2, sm: 3 }, pb: 3, pt: 0, color: 'text.secondary' }}>
              {faq.answer}
            </AccordionDetails>
          </Accordion>
        ))}
      </Box>

      <Box
        component="section"
        aria-labelledby="faq-contact-title"
        sx={(theme) => ({
          maxWidth: 860,
          mt: { xs: 4, md: 6 },
          p: { xs: 3, md: 4 },
          borderRadius: 5,
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'flex-start', sm: 'center' },
          gap: 2.5,
          bgcolor: alpha(theme.palette.primary.main, 0.08),
        })}
      >
        <Box
          aria-hidden="true"
          sx={{
            display: 'grid',
            placeItems: 'center',
            width: 56,
            height: 56,
            borderRadius: '50%',
            flexShrink: 0,
            bgcolor: 'background.paper',
            color: 'primary.main',
          }}
        >
          <QuestionAnswerOutlined />
        </Box>
        <Box sx={{ flex: 1 }}>
          <Typography id="faq-contact-title" variant="h3" component="h2" sx={{ mb: 0.5 }}>
            Still have a question?
          </Typography>
          <Typography color="text.secondary">
            Our team in Bodija reads every message and will reply by email.
          </Typography>
        </Box>
        <Button component={RouterLink} to={paths.contact} variant="contained" size="large">
          Contact
        </Button>
      </Box>
    </>
  );
}
