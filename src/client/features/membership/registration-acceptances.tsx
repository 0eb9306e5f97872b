import { Anchor, Checkbox, Fieldset, Stack, Text } from '@mantine/core';
import { ClubDocuments } from '../../components/club-documents';
import type { RegistrationFormState } from './use-registration-form';

/** The club documents to read and accept, outlined in red once the person tried to join without them. */
export function RegistrationDocuments({ form }: { form: RegistrationFormState }) {
  const { documentsRef, documentsRefused, accepted, setDocument, onPanelChange, requiredMessage } = form;
  return (
    <Fieldset
      ref={documentsRef}
      legend="Club documents"
      aria-describedby="join-documents-note"
      p={{ base: 'xs', sm: 'md' }}
      style={{ scrollMarginTop: 16, ...(documentsRefused ? { borderColor: 'var(--mantine-color-red-7)', borderWidth: 2 } : {}) }}
      styles={{ legend: { fontWeight: 600 } }}
    >
      <Stack gap="xs">
        <Text
          id="join-documents-note"
          size="sm"
          c={documentsRefused ? 'red.9' : 'dimmed'}
          fw={documentsRefused ? 600 : undefined}
          role={documentsRefused ? 'alert' : undefined}
        >
          {documentsRefused ? requiredMessage : 'Please read and accept each of the club documents.'}
        </Text>
        <ClubDocuments registration accepted={accepted} onToggle={(id) => setDocument(id, !accepted[id])} onPanelChange={onPanelChange} />
      </Stack>
    </Fieldset>
  );
}

/** The terms and conditions and the code of conduct checkboxes. */
export function RegistrationTerms({ form }: { form: RegistrationFormState }) {
  const { terms, setTerms, conduct, setDocument, setConductOpen } = form;
  return (
    <>
      <Checkbox label="I accept the terms and conditions" checked={terms} onChange={(e) => setTerms(e.currentTarget.checked)} />
      <Checkbox
        checked={conduct}
        onChange={(e) => setDocument('code_of_conduct', e.currentTarget.checked)}
        label={
          <>
            I agree to abide by the club&apos;s{' '}
            <Anchor component="button" type="button" onClick={() => setConductOpen(true)} inherit>
              Code of Conduct
            </Anchor>
          </>
        }
      />
    </>
  );
}
