/**
 * What must never be in a server's log, whatever the flows did: the demo password, cookies,
 * credentials or codes under their names, codes in addresses, texted codes, API keys and
 * webhook signing secrets. Each finding is a
 * line number and the pattern that matched (never the secret itself, which would then sit in
 * the test report).
 */
const SECRETS: ReadonlyArray<{ name: string; pattern: RegExp }> = [
  { name: 'the demo password', pattern: /Settle-demo-2026/ },
  { name: 'a session or CSRF cookie', pattern: /SETTLE_SESSION=|XSRF-TOKEN=[\w-]/ },
  {
    name: 'a credential or code under its name',
    pattern:
      /"(password|newPassword|pin|pinCode|pincode|token|cardNumber|accountNumber)":"(?!\[redacted\])[^"]+"/,
  },
  { name: 'a code in an address', pattern: /[?&](code|token|pin)=(?!\[redacted\])[\w-]{6,}/ },
  { name: 'a texted sign-in code', pattern: /sign-in code is \d{4,}/ },
  // The integration API's key and a webhook's signing secret, shown once to the operator.
  { name: 'an API key', pattern: /stl_[\w-]{20,}/ },
  { name: "a webhook's signing secret", pattern: /whsec_[\w+/]{20,}/ },
];

export function findSecretsInLog(text: string): string[] {
  const findings: string[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    for (const { name, pattern } of SECRETS) {
      if (pattern.test(line)) findings.push(`line ${index + 1}: ${name}`);
    }
  }
  return findings;
}
