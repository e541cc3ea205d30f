/** The spec's account label: the company name followed by the customer number in brackets. */
export function formatCustomerLabel(customer: { company: string; custNo: string }): string {
  return `${customer.company} (${customer.custNo})`;
}
