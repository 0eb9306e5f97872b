import { Checkbox, ColorInput, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { EXAMPLE_CLUB_PROFILE } from '../../../shared/club-example';
import { AUSTRALIAN_ZONES, STATE_NAMES } from '../../../shared/club-profile';
import { ImageField } from '../../components/uploads/image-upload-field';
import type { ClubProfileValues } from './club-profile-values';
import { FIELD } from './thumb-field';

const EXAMPLE = EXAMPLE_CLUB_PROFILE;

type TextField = Exclude<keyof ClubProfileValues, 'gstRegistered'>;

export interface ClubProfileFieldsProps {
  values: ClubProfileValues;
  errors: Partial<Record<keyof ClubProfileValues, string>>;
  inputProps: (field: TextField) => {
    value: string;
    onChange: (event: { currentTarget: { value: string } }) => void;
    error: string | undefined;
  };
  setValue: <K extends keyof ClubProfileValues>(field: K, value: ClubProfileValues[K]) => void;
  /** Whether a logo can be uploaded here (a signed-in administrator); the setup page takes an address only. */
  logoUpload?: boolean;
}

const COLOURS: { field: 'primary' | 'primaryDark' | 'accent' | 'sand'; label: string; description: string }[] = [
  { field: 'primary', label: 'Main colour', description: 'Buttons and links.' },
  { field: 'primaryDark', label: 'Dark colour', description: 'The band at the top of e-mails and documents.' },
  { field: 'accent', label: 'Accent colour', description: 'Highlights.' },
  { field: 'sand', label: 'Background colour', description: 'Behind e-mails.' },
];

/** The club's name, place, contact, ABN and colours, as the setup page and Admin → Club settings ask them. */
export function ClubProfileFields(props: ClubProfileFieldsProps) {
  return (
    <Stack gap="md">
      <NameAndPlace {...props} />
      <AccountsAndColours {...props} />
    </Stack>
  );
}

function NameAndPlace({ values, inputProps }: ClubProfileFieldsProps) {
  return (
    <>
      <TextInput {...FIELD} label="Club name" placeholder={EXAMPLE.name} {...inputProps('name')} />
      <TextInput
        {...FIELD}
        label="Short name"
        description="Where space is tight: the phone's home screen, the assistant."
        placeholder={EXAMPLE.shortName}
        {...inputProps('shortName')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput {...FIELD} label="Town" placeholder={EXAMPLE.town} {...inputProps('town')} />
        <NativeSelect
          {...FIELD}
          label="State"
          data={Object.entries(STATE_NAMES).map(([value, label]) => ({ value, label }))}
          {...inputProps('state')}
        />
      </SimpleGrid>
      <TextInput
        {...FIELD}
        label="Region"
        description="As a sentence names it: 'fishing in …'."
        placeholder={EXAMPLE.area}
        {...inputProps('area')}
      />
      <TextInput
        {...FIELD}
        label="Local name"
        description="What members call where they fish."
        placeholder={EXAMPLE.localName}
        {...inputProps('localName')}
      />
      <NativeSelect
        {...FIELD}
        label="Time zone"
        description="Event times, fishing hours and the club's day follow it."
        data={zoneChoices(values.timeZone)}
        {...inputProps('timeZone')}
      />
      <TextInput
        {...FIELD}
        label="Committee e-mail"
        type="email"
        description="Replies to the club's e-mails go here; shown on the site."
        placeholder={EXAMPLE.contactEmail}
        {...inputProps('contactEmail')}
      />
    </>
  );
}

function AccountsAndColours(props: ClubProfileFieldsProps) {
  const { values, errors, inputProps, setValue } = props;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          {...FIELD}
          label="ABN"
          description="Printed on receipts. Leave blank if none."
          inputMode="numeric"
          {...inputProps('abn')}
        />
        <TextInput
          {...FIELD}
          label="Association number"
          description="Printed in the code of conduct."
          placeholder={EXAMPLE.associationNumber}
          {...inputProps('associationNumber')}
        />
      </SimpleGrid>
      <Checkbox
        size="md"
        label="The club is registered for GST"
        checked={values.gstRegistered}
        onChange={(event) => setValue('gstRegistered', event.currentTarget.checked)}
        error={errors.gstRegistered}
      />
      <ClubLogo {...props} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {COLOURS.map(({ field, label, description }) => (
          <ColorInput
            key={field}
            {...FIELD}
            label={label}
            description={description}
            format="hex"
            withEyeDropper={false}
            value={values[field]}
            onChange={(value) => setValue(field, value)}
            error={errors[field]}
          />
        ))}
      </SimpleGrid>
    </>
  );
}

/** The logo beside the club's name in the header: uploaded (in Admin → Club settings) or an address; blank, the fish mark. */
function ClubLogo({ values, errors, inputProps, setValue, logoUpload = false }: ClubProfileFieldsProps) {
  const description = 'Beside the club’s name at the top of every page. Leave blank for the fish mark.';
  if (logoUpload)
    return (
      <ImageField
        uploadLabel="Upload the club's logo"
        urlLabel="Logo address"
        urlDescription={`Or paste the address of the logo. ${description}`}
        previewAlt="The club's logo"
        value={values.logoUrl}
        onChange={(url) => setValue('logoUrl', url)}
        error={errors.logoUrl}
      />
    );
  return (
    <TextInput
      {...FIELD}
      label="Logo address"
      description={`An https:// address of the logo; once signed in you can upload one in Admin → Club settings. ${description}`}
      placeholder="https://"
      {...inputProps('logoUrl')}
    />
  );
}

/** The Australian zones, and the club's own if it chose another. */
function zoneChoices(current: string) {
  const choices = AUSTRALIAN_ZONES.map(({ zone, label }) => ({ value: zone, label }));
  return choices.some((c) => c.value === current) ? choices : [{ value: current, label: current }, ...choices];
}
