import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { isIsoDate } from '../../../shared/dates';
import { householdFeeCents, isJuniorOn, type MembershipRules, type MembershipType } from '../../../shared/membership';
import { documentsRequiredMessage, requiredDocuments } from '../../../shared/documents';
import { registrationInput, type RegistrationResult } from '../../../shared/members.schema';
import { useSchemaForm } from '../../components/forms/use-schema-form';
import { toast } from '../../components/toast';
import { fieldErrorsOf, serverMessage } from '../../lib/errors';
import { useTRPC } from '../../trpc';
import { useClubToday } from '../../lib/clock';
import { refreshClubDocuments, useClubDocuments } from '../../lib/club-documents';
import { useAuth } from '../../lib/use-auth';
import { useMembershipRules } from '../../lib/membership-rules';
import {
  ACCEPTANCES,
  emptyPerson,
  formField,
  REQUIRED,
  type DocumentId,
  type FormKey,
  type Person,
  type PersonField,
} from './registration-fields';

export interface RegistrationFormProps {
  initialType?: MembershipType;
  /** The registration, and the e-mail address its receipt will go to. */
  onRegistered: (result: RegistrationResult, email: string) => void;
  /** Told when a document (or the code of conduct) opens over the form and closes again (the dialog around the form then leaves Escape to it). */
  onNestedDialog?: (open: boolean) => void;
}

/** The terms, the code of conduct and the club documents the person accepts, and the dialogs that show them. */
function useAcceptances(onNestedDialog: RegistrationFormProps['onNestedDialog']) {
  const [terms, setTerms] = useState(false);
  const [accepted, setAccepted] = useState<Partial<Record<DocumentId, boolean>>>({});
  // The code-of-conduct checkbox and the Code of Conduct document's toggle are one acceptance.
  const conduct = Boolean(accepted.code_of_conduct);
  const [documentsRefused, setDocumentsRefused] = useState(false);
  const documentsRef = useRef<HTMLFieldSetElement>(null);
  const [conductOpen, setConductOpen] = useState(false);
  const [documentOpen, setDocumentOpen] = useState(false);
  useEffect(() => {
    onNestedDialog?.(conductOpen || documentOpen);
    return () => onNestedDialog?.(false);
  }, [conductOpen, documentOpen, onNestedDialog]);
  const onPanelChange = useCallback((open: boolean) => setDocumentOpen(open), []);
  const documents = useClubDocuments();
  const required = requiredDocuments(documents);
  const setDocument = (id: DocumentId, value: boolean) => {
    const next = { ...accepted, [id]: value };
    setAccepted(next);
    if (required.every((d) => next[d.id])) setDocumentsRefused(false);
  };
  /** The versions this form shows of the documents accepted: what the server records as agreed to. */
  const acceptedVersions = required.filter((d) => accepted[d.id]).map((d) => ({ id: d.id, version: d.version }));
  /** A document changed since the page was opened: its new words are fetched, and every document is asked again. */
  const askAgain = () => {
    setAccepted({});
    void refreshClubDocuments();
  };
  /** The documents are outlined and named, and brought into view. */
  const refuseDocuments = () => {
    setDocumentsRefused(true);
    documentsRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
    toast.error('Error', documentsRequiredMessage(documents));
  };
  return {
    terms,
    setTerms,
    accepted,
    conduct,
    documentsRefused,
    setDocumentsRefused,
    documentsRef,
    conductOpen,
    setConductOpen,
    onPanelChange,
    setDocument,
    allAccepted: required.every((d) => accepted[d.id]),
    acceptedVersions,
    askAgain,
    refuseDocuments,
    requiredMessage: documentsRequiredMessage(documents),
  };
}

/** The person's fields, checked with the shared schema; the household, the terms and the documents are added to what it parses. */
function useRegistrationSchemaForm(initialType: MembershipType | undefined, toInputExtras: (membershipType: string) => object) {
  const { user } = useAuth();
  // The person's fields, checked with the shared schema; the household, the terms and the documents are added to
  // what it parses, so their sentences come from the schema too.
  return useSchemaForm({
    schema: registrationInput,
    initialValues: () => ({
      firstName: user?.firstName ?? '',
      lastName: user?.lastName ?? '',
      email: user?.email ?? '',
      phone: '',
      address: '',
      dateOfBirth: '',
      gender: '',
      shirtSize: '',
      membershipType: initialType ?? '',
    }),
    toInput: (v) => ({ ...v, ...toInputExtras(v.membershipType) }),
    fieldOf: formField,
  });
}

type RegistrationSchemaForm = ReturnType<typeof useRegistrationSchemaForm>;

/** The people who pay with the person joining. */
function useHousehold() {
  const [others, setOthers] = useState<Person[]>([]);
  const [addOther, setAddOther] = useState(false);
  const peopleOf = (membershipType: string) => (addOther || membershipType === 'family' ? others : []);
  const toggleOther = (checked: boolean) => {
    setAddOther(checked);
    if (checked && others.length === 0) setOthers([emptyPerson()]);
  };
  return { others, setOthers, addOther, peopleOf, toggleOther };
}

/** The household's changes that also touch the form (the membership type, the marks under the extra people's fields). */
function householdActions(form: RegistrationSchemaForm, household: ReturnType<typeof useHousehold>) {
  const { others, setOthers } = household;
  const set = (field: PersonField) => (value: string) => form.setValue(field, value);
  const changeType = (value: string) => {
    set('membershipType')(value);
    if (value !== 'family' && others.length > 1) setOthers(others.slice(0, 1));
  };
  const updateOther = (index: number, field: keyof Person, value: string) => {
    setOthers((list) => list.map((p, i) => (i === index ? { ...p, [field]: value } : p)));
    form.setError(`other${index}.${field}`, undefined);
  };
  const removeOther = (index: number) => {
    setOthers((list) => list.filter((_, j) => j !== index));
    // Marks are by position: drop those of the household members so none lands on the wrong person.
    form.setErrors((errs) => Object.fromEntries(Object.entries(errs).filter(([f]) => !f.startsWith('other'))));
  };
  const addFamilyMember = () => setOthers((list) => [...list, emptyPerson()]);
  return { set, changeType, updateOther, removeOther, addFamilyMember };
}

/** The fee for the household at the club's fees, once a membership type is chosen. */
function totalOf(rules: MembershipRules, type: MembershipType | '', people: Person[], today: string) {
  if (!type) return null;
  const extraTypes = people.map((p): MembershipType =>
    isIsoDate(p.dateOfBirth) && isJuniorOn(rules, p.dateOfBirth, today) ? 'junior' : 'adult',
  );
  return householdFeeCents(rules, type, [type, ...extraTypes]);
}

/** The join form's state and actions: the person, the household, the acceptances and the submission. */
export function useRegistrationForm({ initialType, onRegistered, onNestedDialog }: RegistrationFormProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const register = useMutation(
    trpc.members.register.mutationOptions({
      // A signed-in user's registration is now theirs (pending until paid): the portal banner shows it.
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.members.profile.queryKey() }),
    }),
  );
  const household = useHousehold();
  const acceptances = useAcceptances(onNestedDialog);
  const { terms, conduct, setDocumentsRefused } = acceptances;
  const form = useRegistrationSchemaForm(initialType, (membershipType) => ({
    termsAccepted: terms,
    codeOfConductAccepted: conduct,
    additionalMembers: household.peopleOf(membershipType),
    documentsAccepted: acceptances.acceptedVersions,
  }));
  const { values, errors } = form;
  const type = values.membershipType as MembershipType | '';
  const people = household.peopleOf(type);
  const today = useClubToday();
  const rules = useMembershipRules();
  // The server refused Adult for someone under the club's junior age: offer Junior in one click.
  const offerJunior =
    Boolean(errors.membershipType) &&
    values.membershipType === 'adult' &&
    isIsoDate(values.dateOfBirth) &&
    isJuniorOn(rules, values.dateOfBirth, today);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let found: Partial<Record<FormKey, string>> = {};
    const input = form.validate((errs) => (found = errs));
    if (input && !acceptances.allAccepted) return acceptances.refuseDocuments();
    if (!input) {
      const blank =
        REQUIRED.some((f) => !values[f].trim()) || people.some((p) => !p.firstName.trim() || !p.lastName.trim() || !p.dateOfBirth);
      if (blank) return toast.error('Error', 'Please fill in all required fields');
      // A field typed but not valid shows its sentence; the acceptances below it are asked for once the fields are right.
      if (Object.keys(found).some((f) => !ACCEPTANCES.includes(f as (typeof ACCEPTANCES)[number]))) return;
      if (found.termsAccepted) return toast.error('Error', 'Please accept the terms and conditions');
      return acceptances.refuseDocuments();
    }
    try {
      // What the schema parsed: trimmed, and each document at the version this form showed (the server records which
      // text was agreed to).
      const result = await register.mutateAsync(input);
      toast.success('Registration Successful', 'Now complete your payment to activate your membership.');
      onRegistered(result, input.email);
    } catch (error) {
      form.applyServerError(error);
      if (fieldErrorsOf(error).documentsAccepted) {
        setDocumentsRefused(true);
        acceptances.askAgain();
      }
      toast.error('Registration Failed', serverMessage(error) ?? 'Please check your information and try again.');
    }
  };

  const err = (field: FormKey) => errors[field];
  return {
    ...household,
    ...householdActions(form, household),
    ...acceptances,
    values,
    errors,
    err,
    family: type === 'family',
    people,
    today,
    offerJunior,
    total: totalOf(rules, type, people, today),
    pending: register.isPending,
    submit,
  };
}

export type RegistrationFormState = ReturnType<typeof useRegistrationForm>;
