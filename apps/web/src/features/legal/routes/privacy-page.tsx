import { LegalPage } from '../components/legal-page';

export default function PrivacyPage() {
  return (
    <LegalPage title="Privacy policy" updated="November 2026">
      <section>
        <h2>What we collect</h2>
        <p>
          Your name, email address, phone number and profile picture; the companies you belong to and your
          role in them; and the documents and orders your company uploads or emails to OrderBridge.
        </p>
      </section>
      <section>
        <h2>Why we use it</h2>
        <p>
          To run the service: sign you in, read invoices into orders, show orders, disputes and messages to
          the trading partners they concern, and send you the emails the service needs (confirmations,
          invitations, password resets).
        </p>
      </section>
      <section>
        <h2>Who sees it</h2>
        <p>
          Members of your company see your company's data. A shop and its supplier both see the orders,
          disputes and messages between them. We do not sell personal data.
        </p>
      </section>
      <section>
        <h2>Your rights</h2>
        <p>
          You can correct your contact details at any time and ask us to export or delete your data by writing
          to your account administrator or to our support.
        </p>
      </section>
    </LegalPage>
  );
}
