/**
 * Help text is plain text; **double asterisks** mark the name of a button or field, shown in
 * bold. React escapes every part, so a help text can never become markup.
 */
export function HelpText({ text }: { text: string }) {
  return text.split('**').map((part, index) =>
    index % 2 === 1 ? (
      // The parts of one text have no identity beyond their position.
      // biome-ignore lint/suspicious/noArrayIndexKey: see above
      <strong key={index}>{part}</strong>
    ) : (
      part
    ),
  );
}
