import { LegalPage } from '../components/legal-page';

export default function TermsPage() {
  return (
    <LegalPage title="Terms of service" updated="November 2026">
      <section>
        <h2>The service</h2>
        <p>
          OrderBridge lets shops and suppliers exchange purchase orders and invoices, dispute items and track
          returns and credits. Plans are billed monthly or yearly as chosen when the company is set up.
        </p>
      </section>
      <section>
        <h2>Your account</h2>
        <p>
          Keep your password to yourself and sign out of devices you no longer use. Company administrators
          decide who belongs to their company and with which role.
        </p>
      </section>
      <section>
        <h2>Your content</h2>
        <p>
          Documents you upload remain yours. Orders read from them are a help, not a guarantee: check them
          before you process them.
        </p>
      </section>
      <section>
        <h2>Fair use</h2>
        <p>
          Do not upload unlawful content, attempt to access other companies' data or overload the service.
        </p>
      </section>
    </LegalPage>
  );
}
