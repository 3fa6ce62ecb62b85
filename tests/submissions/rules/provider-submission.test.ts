import { describe, expect, it } from 'vitest';
import { STATE_CODES } from '../../../domain/shared/reference/states';
import {
  normaliseWebsite,
  submittedStates,
  SUBMISSION_MESSAGES,
  toSubmissionPayload,
  validateProviderSubmission,
} from '../../../domain/submissions/rules';

const valid = {
  providerName: 'Acme Health',
  website: 'https://acme.example',
  contactEmail: 'hello@acme.example',
  agreedToTerms: true,
};

describe('submission messages (spec section 8, word for word)', () => {
  it('success and failure', () => {
    expect(SUBMISSION_MESSAGES.success).toBe(
      "Provider information submitted successfully! We'll review and contact you soon.",
    );
    expect(SUBMISSION_MESSAGES.failure).toBe(
      'Failed to submit provider information. Please try again.',
    );
  });
});

describe('validateProviderSubmission (spec section 5)', () => {
  it('accepts the required fields with the terms agreed, optional fields defaulting to empty', () => {
    const result = validateProviderSubmission(valid);
    expect(result).toEqual({
      ok: true,
      value: {
        ...valid,
        website: 'https://acme.example/',
        phoneNumber: '',
        description: '',
        medications: [],
        excludedStates: [],
        pricing: '',
        submitterName: '',
        submitterEmail: '',
        submitterRole: '',
        additionalInfo: '',
      },
    });
  });

  it.each([
    [
      'terms not agreed',
      { ...valid, agreedToTerms: false },
      'Please agree to the terms and conditions',
      { agreedToTerms: 'Please agree to the terms and conditions' },
    ],
    [
      'terms missing',
      { providerName: 'A', website: 'a.com', contactEmail: 'a@a.com' },
      'Please agree to the terms and conditions',
      { agreedToTerms: 'Please agree to the terms and conditions' },
    ],
    [
      'provider name blank',
      { ...valid, providerName: '   ' },
      'Please fill in all required fields',
      { providerName: 'Please fill in all required fields' },
    ],
    [
      'website missing',
      { ...valid, website: '' },
      'Please fill in all required fields',
      { website: 'Please fill in all required fields' },
    ],
    [
      'contact email missing',
      { ...valid, contactEmail: undefined },
      'Please fill in all required fields',
      { contactEmail: 'Please fill in all required fields' },
    ],
    [
      'website not a URL',
      { ...valid, website: 'not a url' },
      SUBMISSION_MESSAGES.website,
      { website: SUBMISSION_MESSAGES.website },
    ],
    [
      'website with another scheme',
      { ...valid, website: 'ftp://acme.example' },
      SUBMISSION_MESSAGES.website,
      { website: SUBMISSION_MESSAGES.website },
    ],
    [
      'contact email not an e-mail',
      { ...valid, contactEmail: 'hello@acme' },
      SUBMISSION_MESSAGES.contactEmail,
      { contactEmail: SUBMISSION_MESSAGES.contactEmail },
    ],
    [
      'submitter email given but wrong',
      { ...valid, submitterEmail: 'me' },
      SUBMISSION_MESSAGES.submitterEmail,
      { submitterEmail: SUBMISSION_MESSAGES.submitterEmail },
    ],
  ])('%s -> %s', (_case, input, message, fields) => {
    expect(validateProviderSubmission(input)).toEqual({ ok: false, message, fields });
  });

  it('shows the terms message first, then the required-fields message, with every field marked', () => {
    const result = validateProviderSubmission({
      providerName: '',
      website: 'bad url',
      contactEmail: '',
    });
    expect(result).toEqual({
      ok: false,
      message: 'Please agree to the terms and conditions',
      fields: {
        agreedToTerms: 'Please agree to the terms and conditions',
        providerName: 'Please fill in all required fields',
        website: SUBMISSION_MESSAGES.website,
        contactEmail: 'Please fill in all required fields',
      },
    });
    const agreed = validateProviderSubmission({ agreedToTerms: true, website: 'bad url' });
    expect(agreed.ok === false && agreed.message).toBe('Please fill in all required fields');
  });

  it('rejects a medication outside the fixed list and an unknown state', () => {
    const result = validateProviderSubmission({
      ...valid,
      medications: ['Aspirin'],
      excludedStates: ['XX'],
    });
    expect(result.ok === false && Object.keys(result.fields).sort()).toEqual([
      'excludedStates.0',
      'medications.0',
    ]);
  });
});

describe('normaliseWebsite', () => {
  it.each([
    ['https://acme.example', 'https://acme.example/'],
    ['acme.example/start', 'https://acme.example/start'],
    ['http://acme.example', 'http://acme.example/'],
    ['  www.acme.co.uk  ', 'https://www.acme.co.uk/'],
    ['localhost', null],
    ['javascript:alert(1)', null],
    ['acme example.com', null],
    ['', null],
  ])('%j -> %j', (input, expected) => {
    expect(normaliseWebsite(input)).toBe(expected);
  });
});

describe('submittedStates: every state not excluded, comma-joined', () => {
  it('none excluded -> all 50', () => {
    const states = submittedStates([]);
    expect(states.split(',')).toHaveLength(50);
    expect(states.startsWith('AL,AK,AZ,AR,CA')).toBe(true);
  });
  it('excluded states are left out', () => {
    expect(submittedStates(['AK', 'HI']).split(',')).toEqual(
      STATE_CODES.filter((c) => c !== 'AK' && c !== 'HI'),
    );
  });
  it('all excluded -> empty', () => {
    expect(submittedStates([...STATE_CODES])).toBe('');
  });
});

describe('toSubmissionPayload', () => {
  it('carries the spec payload fields with states comma-joined', () => {
    const result = validateProviderSubmission({
      ...valid,
      medications: ['Semaglutide', 'Tirzepatide'],
      excludedStates: STATE_CODES.filter((c) => c !== 'CA' && c !== 'NY'),
      submitterName: 'Jo',
    });
    if (!result.ok) throw new Error(result.message);
    expect(toSubmissionPayload(result.value)).toMatchObject({
      providerName: 'Acme Health',
      website: 'https://acme.example/',
      medications: ['Semaglutide', 'Tirzepatide'],
      states: 'CA,NY',
      submitterName: 'Jo',
    });
  });
});
