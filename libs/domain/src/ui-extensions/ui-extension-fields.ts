/**
 * REFERENCE.md "UI extensions": the rules of the fields an administrator
 * sets (declared in ui-extension-declaration.ts), every problem reported at once as `[field, message]` pairs.
 * - `name`: required, at most 190 characters (unique per account: the store says so).
 * - `title`: at most 190 characters. `description`: at most 64 KB.
 * - `category`: required, one of UI_EXTENSION_CATEGORIES.
 * - html, css, javascript, form_definition: at most 64 KB each, counted in UTF-8 bytes.
 * Blank optional texts are stored as null.
 */
import type { FieldError } from '../errors/domain-error.js';
import { UI_EXTENSION_CATEGORIES, UI_EXTENSION_NAME_MAX_LENGTH, UI_EXTENSION_TEXT_MAX_BYTES } from './ui-extension-declaration.js';
import { UI_EXTENSION_CONTENT_FIELDS, type UiExtensionContent, type UiExtensionFields, type UiExtensionInput } from './ui-extension-record.js';

const bytes = (text: string) => new TextEncoder().encode(text).byteLength;
const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value === null || value.trim() === '' ? null : value);
const label = (field: string) => field.charAt(0).toUpperCase() + field.slice(1).replace(/_/g, ' ');

export function applyUiExtensionInput(input: UiExtensionInput, current: UiExtensionFields | null): { fields: UiExtensionFields; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const name = input.name === undefined ? (current?.name ?? '') : input.name.trim();
  if (name === '') errors.push(['name', "Name can't be blank"]);
  else if (name.length > UI_EXTENSION_NAME_MAX_LENGTH) errors.push(['name', `Name is too long (maximum is ${UI_EXTENSION_NAME_MAX_LENGTH} characters)`]);
  const title = blankToNull(input.title);
  if (title && title.length > UI_EXTENSION_NAME_MAX_LENGTH) errors.push(['title', `Title is too long (maximum is ${UI_EXTENSION_NAME_MAX_LENGTH} characters)`]);
  const description = blankToNull(input.description);
  if (description && bytes(description) > UI_EXTENSION_TEXT_MAX_BYTES) errors.push(['description', 'Description is too long (maximum is 64 KB)']);
  const category = input.category === undefined ? (current?.category ?? '') : input.category;
  if (category === '') errors.push(['category', "Category can't be blank"]);
  else if (!(UI_EXTENSION_CATEGORIES as readonly string[]).includes(category)) {
    errors.push(['category', `Category '${category.slice(0, 80)}' is not one of ${UI_EXTENSION_CATEGORIES.join(', ')}`]);
  }
  const fields: UiExtensionFields = {
    name,
    title: title === undefined ? (current?.title ?? null) : title,
    description: description === undefined ? (current?.description ?? null) : description,
    category,
    disabled: input.disabled ?? current?.disabled ?? false,
  };
  return { fields, errors };
}

/** The texts the input gives (blank → null), checked for size; absent ones are left out. */
export function contentOfInput(input: UiExtensionInput): { content: Partial<UiExtensionContent>; errors: FieldError[] } {
  const content: Partial<UiExtensionContent> = {};
  const errors: FieldError[] = [];
  for (const field of UI_EXTENSION_CONTENT_FIELDS) {
    const value = blankToNull(input[field]);
    if (value === undefined) continue;
    if (value !== null && bytes(value) > UI_EXTENSION_TEXT_MAX_BYTES) errors.push([field, `${label(field)} is too long (maximum is 64 KB)`]);
    content[field] = value;
  }
  return { content, errors };
}
