import { z } from 'zod';

/** GET {api}/companies: the companies (customers) linked to the user, for the company switcher. */
export const ZCompany = z
  .object({
    custNo: z.string(),
    company: z.string(),
    current: z.boolean().meta({ description: "The session's current company" }),
    defAccount: z.boolean().meta({ description: 'The default company: the current one at every sign-in' }),
  })
  .meta({ id: 'Company' });
export type TCompany = z.infer<typeof ZCompany>;
export const ZCompanyList = z.array(ZCompany);

export const ZDefaultCompanyParams = z.object({ custNo: z.string().trim().min(1).max(40) });
