/**
 * A plain read: one select (or with … select) that names no data-changing command nor a function
 * known to change state. A select calling a function of ours that writes would pass for a read:
 * the migrations define trigger functions only (db/write-generation.test.ts holds them to that).
 */
export function isPlainRead(text: string): boolean {
  return PLAIN_READ.test(text) && !CHANGES_DATA.test(text);
}

const PLAIN_READ = /^\s*(select|with)\b/i;
const CHANGES_DATA =
  /\b(insert|update|delete|merge|copy|truncate|call|do|into|nextval|setval|set_config|\w*lock\w*)\b/i;
