import { schemaResolver, type FormErrors } from '@mantine/form';
import { isApiError } from './api-error';

interface ZodValidateOptions {
  /**
   * Fields edited as one text but validated as a list (a textarea, one entry per line): a problem
   * with entry 2 (`startUrls.2`) belongs to the field itself, the only input on screen.
   */
  lineFields?: readonly string[];
}

/**
 * Validation for `@mantine/form` from a shared contracts schema. Mantine 9 reads Standard Schema,
 * which zod 4 implements, so no adapter package is needed (mantine-form-zod-resolver is zod 3 era).
 */
export const zodValidate = (schema: Parameters<typeof schemaResolver>[0], { lineFields = [] }: ZodValidateOptions = {}) => {
  const resolve = schemaResolver(schema, { sync: true });
  if (lineFields.length === 0) return resolve;
  return (values: unknown): FormErrors => {
    const errors: FormErrors = {};
    for (const [path, message] of Object.entries(resolve(values))) {
      const [head = path] = path.split('.');
      const field = lineFields.includes(head) ? head : path;
      // The first problem of a field wins, as it does for any other field.
      if (!errors[field]) errors[field] = message;
    }
    return errors;
  };
};

/** The part of a `useForm()` result these helpers need, for a form of any shape. */
interface FormHandle {
  getValues: () => object;
  getInputNode: (path: string) => HTMLElement | null;
  setErrors: (errors: FormErrors) => void;
}

/** Fields in the order the form declares them, so "first invalid" means first on screen. */
const fieldsOf = (form: FormHandle) => Object.keys(form.getValues());

export function focusFirstError(form: FormHandle, errors: FormErrors) {
  const first = fieldsOf(form).find((field) => errors[field]);
  if (first) form.getInputNode(first)?.focus();
}

/**
 * Puts a 400 answer's `errors: [{ path, message }]` on the matching fields.
 * Returns false when the error carried nothing for this form, so the caller can fall back.
 */
export function setServerFieldErrors(form: FormHandle, error: unknown): boolean {
  if (!isApiError(error) || error.status !== 400) return false;
  const fields = fieldsOf(form);
  const errors: FormErrors = {};
  for (const { path, message } of error.fieldErrors) {
    // The backend may prefix a location ("body.name") or point into a list ("startUrls.2"):
    // the form knows only the field name.
    const field = path.split('.').find((segment) => fields.includes(segment));
    if (field && !errors[field]) errors[field] = message;
  }
  if (Object.keys(errors).length === 0) return false;
  form.setErrors(errors);
  focusFirstError(form, errors);
  return true;
}
