import { Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { clubProfileSchema } from '../../../shared/club-profile';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { setClubProfile, useClub } from '../../lib/club-profile';
import { useTRPC } from '../../trpc';
import { SettingsCard } from './settings-card';
import { useCardSave } from './use-card-save';
import { ClubDocumentsCard } from './club-documents-card';
import { ClubProfileFields } from './club-profile-fields';
import { CompetitionRulesCard } from './competition-rules-card';
import { FishingAreaCard } from './fishing-area-card';
import { MembershipRulesCard } from './membership-rules-card';
import { SpeciesCard } from './species-card';
import { profileFieldOf, profileInput, profileValues, type ClubProfileValues } from './club-profile-values';

/**
 * Admin → Club settings: the club's name, place, contact, ABN and colours, its memberships, its competitions, its
 * fishing area, its species and its documents, as the setup page chose them. A save is audited and shows at once on every page, e-mail, receipt and calendar file made after it.
 */
export function ClubSettingsTab() {
  return (
    <Stack gap="md" maw={720}>
      <ClubProfileCard />
      <MembershipRulesCard />
      <CompetitionRulesCard />
      <FishingAreaCard />
      <SpeciesCard />
      <ClubDocumentsCard />
    </Stack>
  );
}

function ClubProfileCard() {
  const trpc = useTRPC();
  const club = useClub();
  const form = useSchemaForm<typeof clubProfileSchema, ClubProfileValues>({
    schema: clubProfileSchema,
    initialValues: () => profileValues(club),
    toInput: profileInput,
    fieldOf: profileFieldOf(),
  });
  const save = useMutation(
    trpc.admin.club.saveProfile.mutationOptions(
      useCardSave({
        form,
        store: setClubProfile,
        values: profileValues,
        queryKey: trpc.club.profile.queryKey(),
        saved: () => ['Club details saved', 'Pages, e-mails and receipts use them from now on.'],
        failure: 'Could not save the club details',
      }),
    ),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = form.validate();
    if (input) save.mutate(input);
  };

  return (
    <SettingsCard
      id="club-profile-title"
      title="The club"
      intro="How the site, its e-mails, receipts, reports and calendar files name the club."
      saveLabel="Save club details"
      saving={save.isPending}
      dirty={form.dirty}
      onSubmit={submit}
    >
      <ClubProfileFields values={form.values} errors={form.errors} inputProps={form.inputProps} setValue={form.setValue} logoUpload />
    </SettingsCard>
  );
}
