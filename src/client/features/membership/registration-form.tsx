import { Button, Stack, Text } from '@mantine/core';
import { formatAud } from '../../../shared/membership';
import { CodeOfConductDialog } from './code-of-conduct';
import { RegistrationDocuments, RegistrationTerms } from './registration-acceptances';
import { RegistrationHousehold } from './registration-household';
import { RegistrationPersonFields } from './registration-person-fields';
import { useRegistrationForm, type RegistrationFormProps } from './use-registration-form';

export type { RegistrationFormProps } from './use-registration-form';

/** The join form: the person joining and, optionally, the people who pay with them. */
export function RegistrationForm(props: RegistrationFormProps) {
  const form = useRegistrationForm(props);
  const { submit, total, pending, conductOpen, setConductOpen } = form;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <RegistrationPersonFields form={form} />

        <RegistrationHousehold form={form} />

        <RegistrationDocuments form={form} />

        <RegistrationTerms form={form} />
        {total !== null && <Text fw={600}>Total to pay: {formatAud(total)} AUD</Text>}
        <Button type="submit" size="md" loading={false} disabled={pending}>
          {pending ? 'Processing...' : 'Submit and Pay'}
        </Button>
      </Stack>
      <CodeOfConductDialog opened={conductOpen} onClose={() => setConductOpen(false)} />
    </form>
  );
}
