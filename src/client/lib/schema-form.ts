// A form on a shared zod schema, validated as spec §5 asks: on blur, never per keystroke (a form
// with selects or presets adds validateOnCommit for the DOM change event).
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/** react-hook-form with `schema`'s resolver, input and output types, validating on blur. */
export function useSchemaForm<I extends FieldValues, O extends FieldValues>(
  schema: z.ZodType<O, I>,
  defaultValues: DefaultValues<I>,
): UseFormReturn<I, unknown, O> {
  return useForm<I, unknown, O>({
    resolver: zodResolver(schema),
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    defaultValues,
  });
}
