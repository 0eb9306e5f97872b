import { Alert, Button, Card, Checkbox, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { AUTH_LIMITS } from '../../../shared/auth.constants';
import {
  EXAMPLE_CLUB_DOCUMENTS,
  EXAMPLE_CLUB_PROFILE,
  EXAMPLE_CLUB_SPECIES,
  EXAMPLE_COMPETITION_RULES,
  EXAMPLE_MEMBERSHIP_RULES,
} from '../../../shared/club-example';
import { documentsEdit, type ClubDocumentsEdit } from '../../../shared/documents';
import { EXAMPLE_FISHING_AREA } from '../../../shared/example-fishing-area';
import { fishingAreaInput } from '../../../shared/fishing-area';
import { ONE_PLACING_LABEL } from '../../../shared/placing-rules.schema';
import { ROUTES } from '../../../shared/screens';
import { firstAdminInput } from '../../../shared/setup.schema';
import { FishingAreaMap } from '../../components/fishing-area-map';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { serverMessage } from '../../lib/errors';
import { goTo } from '../../lib/use-auth';
import { useTRPC } from '../../trpc';
import { ClubDocumentsFields } from './club-documents-fields';
import { ClubProfileFields } from './club-profile-fields';
import { blankProfileValues, profileFieldOf, profileInput, type ClubProfileValues } from './club-profile-values';
import { CompetitionRulesFields } from './competition-rules-fields';
import {
  competitionFieldOf,
  competitionInput,
  competitionValues,
  notNumberMessages,
  withoutMessages,
  type CompetitionField,
  type CompetitionRulesValues,
} from './competition-rules-values';
import { FishingAreaFields } from './fishing-area-fields';
import { MembershipRulesFields } from './membership-rules-fields';
import {
  notAmountMessages,
  rulesFieldOf,
  rulesInput,
  rulesValues,
  splitRulesValues,
  type MembershipRulesValues,
} from './membership-rules-values';
import { SpeciesFields } from './species-fields';
import {
  notNumberMessages as speciesNotNumberMessages,
  speciesFieldOf,
  speciesInput,
  speciesValues,
  type SpeciesField,
  type SpeciesValues,
} from './species-values';
import { FIELD } from './thumb-field';

interface SetupValues extends ClubProfileValues, MembershipRulesValues {
  /** The competition rules, apart: their lists and paths are their own. */
  competition: CompetitionRulesValues;
  /** An angler takes at most one place per category. */
  onePlacingPerAngler: boolean;
  /** The fishing area's GeoJSON; blank keeps the example club's. */
  fishingArea: string;
  /** The club's species, apart too. */
  species: SpeciesValues;
  /** The club's documents, the example club's to start from. */
  documents: ClubDocumentsEdit;
  code: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

const toInput = (values: SetupValues) => {
  const { rules, rest } = splitRulesValues(values);
  const { code, firstName, lastName, email, password, competition, onePlacingPerAngler, fishingArea, species, documents, ...club } = rest;
  return {
    code,
    firstName,
    lastName,
    email,
    password,
    club: profileInput(club),
    membership: rulesInput(rules),
    competition: competitionInput(competition),
    placing: { onePlacingPerAngler },
    ...(fishingArea.trim() ? { fishingArea } : {}),
    species: speciesInput(species),
    documents,
  };
};
/**
 * Where a message shows: a field of the setup's values, or a competition rules, species or documents path kept whole
 * ('competition.times.fishingEnd', 'species.2.minimumCm', 'documents.waiver.content').
 */
type SetupField = keyof SetupValues | `competition.${CompetitionField}` | `species.${SpeciesField}` | `documents.${string}`;
const clubField = profileFieldOf('club.');
const membershipField = rulesFieldOf('membership.');
const competitionField = competitionFieldOf('competition.') as (path: string) => SetupField | undefined;
const speciesField = speciesFieldOf('species.') as (path: string) => SetupField | undefined;
const fieldOf = (path: string): SetupField | undefined =>
  path.startsWith('club.')
    ? clubField(path)
    : path.startsWith('membership.')
      ? membershipField(path)
      : path.startsWith('competition.')
        ? competitionField(path)
        : path.startsWith('species.')
          ? speciesField(path)
          : path.startsWith('documents.')
            ? (path as SetupField)
            : (path.split('.')[0] as keyof SetupValues);

/** The setup page's values, checked with the setup input's schema, and their sending. */
function useSetupForm() {
  const trpc = useTRPC();
  const form = useSchemaForm<typeof firstAdminInput, SetupValues, SetupField>({
    schema: firstAdminInput,
    initialValues: () => ({
      code: '',
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      fishingArea: '',
      ...blankProfileValues(EXAMPLE_CLUB_PROFILE),
      ...rulesValues(EXAMPLE_MEMBERSHIP_RULES),
      competition: competitionValues(EXAMPLE_COMPETITION_RULES),
      onePlacingPerAngler: true,
      species: speciesValues(EXAMPLE_CLUB_SPECIES),
      documents: documentsEdit(EXAMPLE_CLUB_DOCUMENTS),
    }),
    toInput,
    fieldOf,
  });
  const create = useMutation(
    trpc.setup.createFirstAdmin.mutationOptions({
      // A full page load: every cache starts afresh for the new administrator's session.
      onSuccess: () => goTo(ROUTES.admin),
      onError: (error) => void form.applyServerError(error),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    // A fee or prize that is no amount of dollars says so (the schema would speak of cents, which nobody typed).
    form.setErrors((errors) => ({
      ...errors,
      ...notAmountMessages(form.values),
      ...notNumberMessages(form.values.competition, 'competition.'),
      ...speciesNotNumberMessages(form.values.species, 'species.'),
    }));
    // The fishing area goes as the GeoJSON text given: the server reads it itself.
    if (input) create.mutate({ ...input, fishingArea: toInput(form.values).fishingArea });
  };
  const refusal = create.error && !Object.keys(form.errors).length ? serverMessage(create.error) : undefined;
  return { form, create, submit, refusal };
}

type SetupForm = ReturnType<typeof useSetupForm>['form'];

/** The club's details, its memberships, its competitions, its species and the first administrator, each under its heading. */
/** The club's details, its memberships, its competitions, its documents and the first administrator, each under its heading. */
function SetupSections({ form }: { form: SetupForm }) {
  // The club's fields and the rules' are fields of the setup's values, under the same names.
  const setValue = <K extends keyof SetupValues>(field: K, value: unknown) => form.setValue(field, value as SetupValues[K]);
  return (
    <>
      <Title order={2} size="h3">
        The club
      </Title>
      <ClubProfileFields values={form.values} errors={form.errors} inputProps={form.inputProps} setValue={setValue} />
      <Title order={2} size="h3">
        Memberships
      </Title>
      <MembershipRulesFields values={form.values} errors={form.errors} inputProps={form.inputProps} setValue={setValue} headingOrder={3} />
      <Title order={2} size="h3">
        Competitions
      </Title>
      <CompetitionRulesFields
        values={form.values.competition}
        errors={form.errors}
        prefix="competition."
        onChange={(competition, field) => {
          form.setValue('competition', competition);
          form.setErrors((errors) => withoutMessages(errors, `competition.${field}`));
        }}
        headingOrder={3}
      />
      <Checkbox
        size="md"
        label={ONE_PLACING_LABEL}
        description="An angler's best catch in a category places; their other catches there take no place. Switched on the Results tab later."
        checked={form.values.onePlacingPerAngler}
        onChange={(event) => form.setValue('onePlacingPerAngler', event.currentTarget.checked)}
      />
      <SetupFishingArea form={form} />
      <Title order={2} size="h3">
        Species and legal sizes
      </Title>
      <SpeciesFields
        values={form.values.species}
        errors={form.errors}
        prefix="species."
        onChange={(species, field) => {
          form.setValue('species', species);
          form.setErrors((errors) => withoutMessages(errors, `species.${field}`));
        }}
      />
      <Title order={2} size="h3">
        Club documents
      </Title>
      <ClubDocumentsFields
        values={form.values.documents}
        errors={form.errors}
        onChange={(documents, field) => {
          form.setValue('documents', documents);
          form.setErrors((errors) => withoutMessages(errors, field));
        }}
        headingOrder={3}
      />
      <Title order={2} size="h3">
        The first administrator
      </Title>
      <TextInput {...FIELD} label="First name" autoComplete="given-name" {...form.inputProps('firstName')} />
      <TextInput {...FIELD} label="Last name" autoComplete="family-name" {...form.inputProps('lastName')} />
      <TextInput {...FIELD} label="Email" type="email" autoComplete="email" {...form.inputProps('email')} />
      <PasswordInput
        {...FIELD}
        label="Password"
        description={`At least ${AUTH_LIMITS.passwordMinLength} characters.`}
        autoComplete="new-password"
        {...form.inputProps('password')}
      />
    </>
  );
}

/** The fishing area: the one given, when it is one, or the example club's, on the map; a new one pasted, chosen or drawn. */
function SetupFishingArea({ form }: { form: SetupForm }) {
  const given = fishingAreaInput.safeParse({ geojson: form.values.fishingArea });
  const area = given.success ? given.data.geojson : EXAMPLE_FISHING_AREA;
  return (
    <>
      <Title order={2} size="h3">
        Fishing area
      </Title>
      <Text size="sm">
        Catches logged outside it are flagged for the judges.{' '}
        {given.success ? 'The area given:' : 'The example club’s area, until you give yours:'}
      </Text>
      <FishingAreaMap area={area} title={given.success ? 'The fishing area given' : 'The example club’s fishing area'} />
      <FishingAreaFields
        geojson={form.values.fishingArea}
        onGeojson={(text) => form.setValue('fishingArea', text)}
        problem={form.errors.fishingArea}
        outline={area}
      />
    </>
  );
}

/**
 * The setup page: the setup code from the site's log, the club's details (the example club's as placeholders), its
 * memberships, competitions and species (the example club's to start from), then the first administrator's name, e-mail address and password.
 * memberships, competitions and documents (the example club's to start from), then the first administrator's name, e-mail address and password.
 * On success they are signed in, and the page loads afresh at the administration.
 */
export function FirstAdminForm() {
  const { form, create, submit, refusal } = useSetupForm();
  return (
    <Card withBorder shadow="sm" padding="lg" radius="md" w="100%" maw={560}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={1} size="h2">
            Set up the club
          </Title>
          <Text size="sm">
            Name the club, choose its memberships, competitions and species, and make its first administrator. The setup code is in the
            site’s log, or run Name the club, choose its memberships and competitions, write its documents, and make its first
            administrator. The setup code is in the site’s log, or run{' '}
            <Text span ff="monospace">
              npm run cli -- setup-code
            </Text>{' '}
            on the server. Everything here can be changed later in Admin → Club settings.
          </Text>
          {refusal && (
            <Alert color="red" role="alert">
              {refusal}
            </Alert>
          )}
          <TextInput
            {...FIELD}
            label="Setup code"
            placeholder="K7QM4-XH2RP"
            autoComplete="off"
            autoCapitalize="characters"
            {...form.inputProps('code')}
          />
          <SetupSections form={form} />
          <Button type="submit" size="md" mih={44} loading={create.isPending}>
            Set up and sign in
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
