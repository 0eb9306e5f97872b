import { Checkbox, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { DOCUMENT_LIMITS } from '../../../shared/club-documents.schema';
import { CLUB_DOCUMENT_IDS, type ClubDocumentId, type ClubDocumentsEdit, type DocumentText } from '../../../shared/documents';
import { FIELD } from './thumb-field';

export interface ClubDocumentsFieldsProps {
  values: ClubDocumentsEdit;
  /** Messages by path, 'documents.code_of_conduct.content'. */
  errors: Partial<Record<string, string>>;
  /** New values, with the path of the field changed ('documents.waiver.title'). */
  onChange: (values: ClubDocumentsEdit, field: string) => void;
  /** Each document's version now, shown under its title (none on the setup page: every one is new). */
  versions?: Partial<Record<ClubDocumentId, string>>;
  /** The level of the documents' headings: below the page's or the card's own. */
  headingOrder?: 3 | 4;
}

/** The tokens the documents' words may hold, and what fills each. */
const TOKENS =
  '{club}, {area}, {association} and {state} are the club’s; {entryFees}, {times}, {prizes}, {points}, {mysteryFish} and {pictureOfMonth} come from the competition settings, {categories} from the species, {licence} from the state’s fishing law and {offshore} says where the club fishes.';

/** What each document is, above its fields. */
const HEADINGS: Record<ClubDocumentId, string> = {
  waiver: 'Waiver',
  code_of_conduct: 'Code of conduct',
  competition_rules: 'Competition rules',
  mission_values: 'Mission and values',
};

/**
 * The club's four documents, the setup page's and Admin → Club settings': each one's title, description, words and
 * whether members must accept it. One column, thumb-sized, on a phone.
 */
export function ClubDocumentsFields({ values, errors, onChange, versions, headingOrder = 4 }: ClubDocumentsFieldsProps) {
  const change = <K extends keyof DocumentText>(id: ClubDocumentId, part: K, value: DocumentText[K]) =>
    onChange({ ...values, [id]: { ...values[id], [part]: value } }, `documents.${id}.${part}`);
  const text = (id: ClubDocumentId, part: 'title' | 'description' | 'content') => ({
    value: values[id][part],
    onChange: (event: { currentTarget: { value: string } }) => change(id, part, event.currentTarget.value),
    error: errors[`documents.${id}.${part}`],
    maxLength: DOCUMENT_LIMITS[part],
  });
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {TOKENS}
      </Text>
      {CLUB_DOCUMENT_IDS.map((id) => (
        <Stack key={id} gap="sm">
          <Title order={headingOrder} fz="md">
            {HEADINGS[id]}
          </Title>
          {versions?.[id] && (
            <Text size="sm" c="dimmed">
              Version {versions[id]}. Changing its title or words makes a new version, which members are asked to accept.
            </Text>
          )}
          <TextInput {...FIELD} label={`${HEADINGS[id]}: title`} {...text(id, 'title')} />
          <TextInput {...FIELD} label={`${HEADINGS[id]}: description`} {...text(id, 'description')} />
          <Textarea
            size="md"
            label={`${HEADINGS[id]}: words`}
            description="Plain text: a blank line between paragraphs, a number or '-' before list items."
            autosize
            minRows={6}
            maxRows={16}
            {...text(id, 'content')}
          />
          <Checkbox
            size="md"
            py={10}
            label={`Members must accept the ${HEADINGS[id].toLowerCase()} to join and to pay`}
            checked={values[id].required}
            onChange={(event) => change(id, 'required', event.currentTarget.checked)}
          />
        </Stack>
      ))}
    </Stack>
  );
}
