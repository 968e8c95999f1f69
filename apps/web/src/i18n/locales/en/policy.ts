/** Values in {{…}} come from the contract's policy constants (see privacy-policy-content.tsx). */
/** The privacy policy shown on /privacy-policy and in the Terms & Conditions modal. */
export const policy = {
  title: 'Privacy Policy',
  updated: 'Last updated: 1 November 2025',
  intro:
    'Bhasha helps organisations translate and localise their websites, mobile apps, API content and documents. This policy explains what personal data we collect when you use Bhasha, why we collect it, how long we keep it and the choices you have. By creating an account or using the service you agree to this policy.',
  sections: [
    {
      title: '1. Who we are',
      paragraphs: [
        'Bhasha ("we", "us") provides the Bhasha localisation platform: the dashboard, the website translation script and proxy, the translation APIs and the human translation workflow. For personal data you give us to run your account we are the data controller. For content your organisation sends us to translate, your organisation is the controller and we process it on its instructions.',
      ],
    },
    {
      title: '2. Information we collect',
      paragraphs: ['We collect only what we need to provide and secure the service:'],
      bullets: [
        'Account details: your name, e-mail address, mobile number, organisation, role and password (stored only as a salted hash).',
        'Verification data: one-time passwords sent to your mobile and e-mail, kept in hashed form for a few minutes until they are used or expire.',
        'Project content: the URLs, pages, strings, files and glossaries you ask us to translate, and the translations produced.',
        'Usage data: sign-in times, IP address, browser type, pages of the dashboard you use, and counts of words and requests translated, which we need for billing and security.',
        'Visitor data on translated websites: the language a visitor chose, pages viewed and suggestions a visitor chooses to submit; we do not use it to identify visitors.',
        'Payment records: plan, invoices and transaction references. Card details are handled by our payment provider and never reach our servers.',
      ],
    },
    {
      title: '3. How we use your information',
      bullets: [
        'To create and secure your account, verify your e-mail and mobile number, and let you sign in.',
        'To crawl, translate, transliterate and deliver the content of your projects.',
        'To send service messages: verification codes, password resets, notifications about your projects and invoices.',
        'To measure usage against your plan, prevent abuse and fraud, and keep the service reliable.',
        'To answer your support requests. We do not sell your personal data and we do not use your project content to advertise to you.',
      ],
    },
    {
      title: '4. Sharing',
      paragraphs: [
        'We share data only with processors that help us run the service, under written agreements that protect it: hosting and storage providers, the machine translation engines your project is configured to use, SMS and e-mail delivery services, payment providers, and professional translators who work on content you send for human translation under confidentiality obligations. We disclose data to authorities only when the law requires it.',
      ],
    },
    {
      title: '5. Data retention',
      paragraphs: [
        'We keep account and usage data for {{retentionYears}} years after your last activity, then delete or anonymise it, unless the law requires us to keep it longer (for example invoices). Project content and translation memory stay in your account until you or your organisation delete them; deleted projects are removed from backups within 30 days.',
      ],
    },
    {
      title: '6. Your choices and rights',
      paragraphs: [
        'You can see and correct your details in your profile at any time. You can ask us for a copy of your data, ask us to delete it, or opt out of non-essential e-mail by writing to our support team from your dashboard. We act on an opt-out or deletion request within {{optOutDays}} business days. Deleting your account ends access for your organisation only when you are its last administrator.',
      ],
    },
    {
      title: '7. Security',
      paragraphs: [
        'Data travels over encrypted connections. Passwords are hashed, sessions expire, accounts lock after repeated failed sign-ins, and access to customer data inside Bhasha is limited to staff who need it and is logged. No system is perfectly secure; if a breach affects your data we will tell you and the authorities as the law requires.',
      ],
    },
    {
      title: '8. Age requirement',
      paragraphs: [
        'Bhasha is a service for businesses and institutions. You must be at least {{minAge}} years old to register or use it, and we do not knowingly collect data from anyone younger. If you believe a minor has given us personal data, tell us and we will delete it.',
      ],
    },
    {
      title: '9. Cookies',
      paragraphs: [
        "The dashboard uses a small number of essential cookies and browser storage entries to keep you signed in and remember your settings. The translation script on your website stores the visitor's chosen language. We do not use advertising cookies.",
      ],
    },
    {
      title: '10. Changes and contact',
      paragraphs: [
        'We will post any change to this policy on this page and, for significant changes, tell you by e-mail or in the dashboard before it takes effect. Questions and complaints can be sent to our Grievance Officer through the Contact us form in your dashboard; we reply within {{replyHours}} hours.',
      ],
    },
  ],
} as const;
