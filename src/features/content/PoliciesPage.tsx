import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { paths } from '../../lib/paths';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { PAGE_TITLES } from 'contract/titles';
import { brand } from '../../lib/brand';
import PageIntro from './PageIntro';
import RouterLink from '../../components/RouterLink';

export const TERMS_LAST_UPDATED = '21 November 2026';

function P({ children }: { children: ReactNode }) {
  return <Typography sx={{ mb: 1.75, lineHeight: 1.75 }}>{children}</Typography>;
}

function Bullets({ items }: { items: readonly ReactNode[] }) {
  return (
    <Box component="ul" sx={{ pl: 3, mt: 0, mb: 2, '& li': { mb: 1, lineHeight: 1.7 } }}>
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </Box>
  );
}

interface TermsSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** The terms' headings (docs/product.md#content-pages), in a shopper's reading order. */
const sections: readonly TermsSection[] = [
  {
    id: 'about',
    title: 'About these terms',
    body: (
      <>
        <P>
          These terms apply to everyone who visits or shops on Ibadan Market, the website and
          services run by {brand.legalName} (“Ibadan Market”, “we”, “us”), of {brand.address}. By
          creating an account or placing an order you agree to them, so please read them carefully.
          If you do not agree, please do not use the service.
        </P>
        <P>
          Nothing in these terms takes away the rights you have as a consumer under Nigerian law,
          including the Federal Competition and Consumer Protection Act 2018.
        </P>
      </>
    ),
  },
  {
    id: 'registration',
    title: 'Registration and your account',
    body: (
      <>
        <P>
          You can browse without an account, but you need one to buy, keep a wishlist or join the
          affiliate programme. When you register:
        </P>
        <Bullets
          items={[
            'you must be at least 18 years old, or shop with the permission and supervision of a parent or guardian;',
            'the details you give us (name, email address, mobile number) must be true and kept up to date, because we use them to deliver your orders and reach you about them;',
            'you confirm your email address with the one-time code we send you before your account becomes active;',
            'you keep your password private and are responsible for what happens under your account. Tell us at once if you think someone else has used it.',
          ]}
        />
        <P>
          One person may hold one account. We may refuse a registration, or ask you to confirm your
          identity, where we reasonably suspect fraud or misuse.
        </P>
      </>
    ),
  },
  {
    id: 'sale-terms',
    title: 'Terms of sale',
    body: (
      <>
        <P>
          Products shown in the shop are an invitation to buy, not a promise that stock is
          available. When you pay, you offer to buy the items in your cart; the sale is agreed when
          your payment is confirmed and your order appears under My Orders.
        </P>
        <Bullets
          items={[
            'Prices are in naira (₦). Your cart shows the value before VAT, VAT at the current rate (7.5%), the total after VAT and the delivery and packaging charge before you pay.',
            'Market prices change. The price you pay is the one shown at checkout. If a price was plainly wrong because of an error, we will tell you and you may cancel for a full refund.',
            'Fresh produce is natural: sizes, colours and weights vary a little from the photos. We pick as carefully as we would for our own kitchen.',
            'If an item runs out after you pay, we will contact you to offer a similar item or refund that item. We never substitute without your agreement.',
            'We deliver within Ibadan, Oyo State, usually in 1 to 3 business days. Pickup orders are usually ready within 24 hours. Some deliveries are handed over at the nearest bus stop to the address you give.',
            'The goods are your responsibility once they are handed to you or to the person you nominate.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'returns-refunds',
    title: 'Returns and refunds',
    body: (
      <>
        <P>
          Please check your order when it arrives. If something is missing, damaged, expired, or not
          what you ordered, we will replace it or refund it, including the delivery charge where the
          whole order was affected.
        </P>
        <Bullets
          items={[
            'Perishable goods (fresh produce, meat, fish, bread and frozen items): tell us within 24 hours of delivery, with a photo where you can.',
            'Other goods: tell us within 7 days of delivery. Unopened items in their original packaging can also be returned if you simply changed your mind; you pay the cost of returning them.',
            'For hygiene and safety, opened personal-care and food items cannot be returned unless they are faulty.',
            'You may cancel an order for a full refund until it leaves our store.',
          ]}
        />
        <P>
          Refunds go back to the card or account you paid with, through Paystack. We start the
          refund within 5 business days of agreeing it; how soon it reaches you then depends on your
          bank. These rules add to, and never reduce, your rights under the Federal Competition and
          Consumer Protection Act 2018 to goods that are of good quality, fit for purpose and as
          described.
        </P>
      </>
    ),
  },
  {
    id: 'payments',
    title: 'Payments',
    body: (
      <>
        <P>
          All payments are in Nigerian naira and are processed by Paystack, a PCI DSS certified
          payment provider. You can pay by card, bank transfer or directly from your bank account.
          Your card details go straight to Paystack: we never see or store your full card number or
          PIN.
        </P>
        <P>
          We place your order only after Paystack confirms the payment. If you are charged but no
          order appears, or you are charged twice, contact us with the payment reference and we will
          place the order or refund the extra charge. Charges your own bank makes are between you
          and your bank.
        </P>
        <P>
          Affiliate earnings are paid in naira to the bank account you register in the affiliate
          programme, when you request a payout.
        </P>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <P>Please use Ibadan Market fairly. You must not:</P>
        <Bullets
          items={[
            'give false details, pretend to be someone else, or use a card or bank account you are not authorised to use;',
            'place orders you do not intend to pay for or receive, or abuse refunds, vouchers or affiliate codes (for example by referring yourself);',
            'try to break into, overload, scrape or interfere with the website, its servers or other shoppers’ accounts;',
            'upload or send anything unlawful, abusive, misleading or that infringes someone else’s rights;',
            'harass or threaten our staff, vendors or delivery riders.',
          ]}
        />
      </>
    ),
  },
  {
    id: 'data-privacy',
    title: 'Data privacy',
    body: (
      <>
        <P>
          We are the data controller for the personal data you give us, and we handle it in line
          with the Nigeria Data Protection Act 2023 and the guidance of the Nigeria Data Protection
          Commission.
        </P>
        <Bullets
          items={[
            'What we collect: your name, email address, mobile number, age and gender if you give them, delivery addresses, orders, wishlist, affiliate and payout details, messages you send us, and the payment reference Paystack gives us (not your card details).',
            'Why: to run your account, deliver your orders, take payment, answer your questions, prevent fraud and meet our legal duties. We send marketing only if you agree, and you can stop it at any time.',
            'Who we share it with: only those who help us serve you (Paystack for payments, our delivery riders, our email provider) and authorities where the law requires. We do not sell your data.',
            'In your browser: we keep your sign-in token and a few values such as the last product you opened in your browser’s local storage, so you stay signed in. Logging out removes your sign-in details.',
            'How long: for as long as your account is open, and afterwards only as long as the law requires, for example for tax records.',
          ]}
        />
        <P>
          You have the right to be told how your data is used, to see it, correct it, have it
          deleted, restrict or object to its use, receive a copy to take elsewhere, and withdraw any
          consent you gave. Write to us at{' '}
          <Link href={`mailto:${brand.email}`} underline="always">
            {brand.email}
          </Link>
          . If you are not satisfied with our answer, you may complain to the Nigeria Data
          Protection Commission.
        </P>
      </>
    ),
  },
  {
    id: 'marketplace-role',
    title: 'Our role as a marketplace',
    body: (
      <>
        <P>
          Ibadan Market is a marketplace: we bring shoppers and sellers together, take payment and
          arrange delivery. Today our own Ibadan store buys from local traders and sells and
          delivers every order itself, so we are the seller you contract with.
        </P>
        <P>
          As independent vendors join, each product page will say who sells it. Each vendor is then
          responsible for the quality, safety and description of its goods and for obeying the law,
          while we remain responsible for the payment, the platform and helping you with any
          problem. We check vendors before they join but we do not make the products they sell.
        </P>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Limits of our liability',
    body: (
      <>
        <P>
          We provide our service with reasonable care and skill. Within what the law allows, we are
          not responsible for:
        </P>
        <Bullets
          items={[
            'losses that were not a foreseeable result of our failure when you placed your order;',
            'business losses such as lost profit or opportunity, because we sell for household and personal use;',
            'delays or failures caused by events beyond our reasonable control, such as flooding, fuel scarcity, strikes, road closures, network outages or government action. We will tell you and you may cancel for a refund.',
          ]}
        />
        <P>
          Otherwise our total liability for an order is limited to the amount you paid for it.
          Nothing in these terms limits our liability for death or personal injury caused by our
          negligence, for fraud, or for anything else that cannot be limited under Nigerian law,
          including your rights under the Federal Competition and Consumer Protection Act 2018.
        </P>
      </>
    ),
  },
  {
    id: 'violations',
    title: 'Violations of these terms',
    body: (
      <P>
        If you break these terms, we may warn you, cancel open orders (refunding what you paid),
        suspend or close your account, withhold affiliate earnings gained through abuse, and report
        suspected fraud or crime to the appropriate authorities. We will tell you why unless the law
        or an investigation prevents it, and you may ask us to review the decision through our
        Contact page.
      </P>
    ),
  },
  {
    id: 'severability',
    title: 'Severability',
    body: (
      <P>
        If a court or authority decides that any part of these terms is invalid or cannot be
        enforced, that part will be changed as little as needed to make it valid, or removed, and
        the rest of these terms will continue in full force.
      </P>
    ),
  },
  {
    id: 'third-party-rights',
    title: 'Third-party rights',
    body: (
      <>
        <P>
          These terms are an agreement between you and us. No one else has the right to enforce
          them, although we may transfer our rights to a company that takes over our business, and
          your rights will stay the same.
        </P>
        <P>
          Brand names, logos and product images shown in the shop belong to their owners. Links to
          other services, such as Paystack or our social media pages, take you to services run by
          others under their own terms and privacy policies, which we do not control.
        </P>
      </>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law and disputes',
    body: (
      <>
        <P>
          These terms are governed by the laws of the Federal Republic of Nigeria. If you have a
          complaint, please contact us first: most problems are solved quickly by a message or a
          call. If we cannot agree, the courts of Oyo State, sitting in Ibadan, will decide the
          matter, and you may also take a complaint to the Federal Competition and Consumer
          Protection Commission.
        </P>
      </>
    ),
  },
  {
    id: 'changes-contact',
    title: 'Changes and how to reach us',
    body: (
      <P>
        We may update these terms when our service or the law changes; the date at the top shows the
        latest version, and we will tell you of important changes by email or on the site. Orders
        you have already placed stay under the terms that applied when you placed them. Questions
        about these terms? Write to{' '}
        <Link href={`mailto:${brand.email}`} underline="always">
          {brand.email}
        </Link>
        , call{' '}
        <Link href={brand.phoneHref} underline="always">
          {brand.phone}
        </Link>{' '}
        ({brand.supportHours}) or use our{' '}
        <Link component={RouterLink} to={paths.contact} underline="always">
          Contact page
        </Link>
        .
      </P>
    ),
  },
];

/** Terms and conditions (docs/product.md#content-pages), with a table of contents of in-page links. */
export default function PoliciesPage() {
  useDocumentTitle(PAGE_TITLES.policies);
  const { hash } = useLocation();

  // The page arrives lazily, after the browser has looked for the #section: scroll to it now.
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, [hash]);

  return (
    <>
      <PageIntro eyebrow="Policies" title="Terms and conditions">
        <Typography component="span" sx={{ display: 'block', mb: 1 }}>
          The rules for shopping and selling on Ibadan Market, written to be read.
        </Typography>
        <Typography
          component="span"
          sx={{ display: 'block', fontWeight: 600, color: 'text.primary' }}
        >
          Last updated: <time dateTime="2026-11-21">{TERMS_LAST_UPDATED}</time>
        </Typography>
      </PageIntro>

      <Grid container spacing={{ xs: 3, md: 6 }}>
        <Grid size={{ xs: 12, md: 4 }}>
          <Box
            component="nav"
            aria-labelledby="terms-contents-title"
            sx={{
              position: { md: 'sticky' },
              top: { md: 96 },
              p: 3,
              borderRadius: 4,
              border: 1,
              borderColor: 'divider',
              bgcolor: 'background.paper',
            }}
          >
            <Typography id="terms-contents-title" variant="sectionTitle" sx={{ mb: 1.5 }}>
              Contents
            </Typography>
            <Box component="ol" sx={{ m: 0, pl: 2.75, '& li': { py: 0.5 } }}>
              {sections.map((section) => (
                <li key={section.id}>
                  <Link href={`#${section.id}`}>{section.title}</Link>
                </li>
              ))}
            </Box>
          </Box>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          {sections.map((section, index) => (
            <Box
              component="section"
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              sx={{ scrollMarginTop: 96, mb: 4 }}
            >
              <Typography id={`${section.id}-title`} variant="h3" component="h2" sx={{ mb: 1.5 }}>
                {index + 1}. {section.title}
              </Typography>
              {section.body}
            </Box>
          ))}
        </Grid>
      </Grid>
    </>
  );
}
