import type { AdminContext } from './commands';

const USAGE = 'Usage: npm run admin -- registration-link <custNo> [contactEmail]';

/**
 * Prints the registration link of each contact of a customer (or of the one with that
 * email), sealed with this instance's secret: the provider sends it to the contact.
 */
export async function registrationLinkCommand(
  { services }: Pick<AdminContext, 'services'>,
  argument: string | undefined,
): Promise<string> {
  const [custNo, email, ...rest] = (argument ?? '').trim().split(/\s+/).filter(Boolean);
  if (!custNo || rest.length > 0) throw new Error(USAGE);
  const links = await services.accountSetup.registrationLinks({ custNo, email });
  if (links.length === 0) {
    throw new Error(
      email
        ? `No contact of ${custNo} has the email ${email}`
        : `No customer ${custNo} with contacts was found`,
    );
  }
  return links
    .map((link) => {
      const who = `${link.custNo} ${link.company}: ${link.firstName} ${link.lastName} <${link.email}>`;
      return link.url ? `${who}\n  ${link.url}` : `${who}\n  already registered as ${link.registeredAs}`;
    })
    .join('\n');
}
