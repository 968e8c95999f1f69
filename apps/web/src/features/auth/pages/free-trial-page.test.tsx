import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '../../../lib/browser/browser-navigation';
import { fail, installFakeServer, ok, UI_CONFIG, type FakeRoute } from '../../../test/fake-server';
import { renderApp } from '../../../test/render-app';

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

async function openForm(extraRoutes: Record<string, FakeRoute> = {}) {
  const server = installFakeServer({ 'GET /api/auth/fetchUIEndpoints': () => ok(UI_CONFIG), ...extraRoutes });
  renderApp('/');
  await screen.findByTestId('register-form');
  return server;
}

/** Picks a language in the antd Select by keyboard: focus, type, Enter. */
async function chooseLanguage(name: string) {
  const select = screen.getByTestId('register-language');
  const input = select.tagName === 'INPUT' ? select : (select.querySelector('input') as HTMLInputElement);
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: name } });
  const option = await screen.findByTitle(new RegExp(`^${name}`));
  fireEvent.click(option);
}

async function fillValidForm(overrides: Partial<Record<string, string>> = {}) {
  const values = {
    'register-name': 'Asha Verma',
    'register-url': 'https://www.example.com',
    'register-email': 'asha@example.com',
    'register-phone': '9876543210',
    'register-password': 'Secret#123',
    'register-confirm-password': 'Secret#123',
    ...overrides,
  };
  for (const [testId, value] of Object.entries(values)) type(testId, value);
  await chooseLanguage('Hindi');
}

const otpRoutes: Record<string, FakeRoute> = {
  'POST /api/auth/sendOtp': () => ok({ authenticationCode: 'auth-code' }),
  'POST /api/auth/sendEmailOTP': () => ok({ token: 'email-token' }),
  'POST /api/auth/verifyOtp': () => ok({ verified: true }),
  'POST /api/auth/verifyEmailOTP': () => ok({ verified: true }),
  'POST /api/auth/resendOtp': () => ok({}),
};

describe('free-trial registration: validation (spec §5)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows every required-field message on an empty form', async () => {
    await openForm();
    fireEvent.click(screen.getByTestId('send-otp'));
    for (const text of [
      'Please enter your name',
      'Please enter valid URL',
      'Email is required',
      'Please input your password!',
      'Please select atleast one language',
      'Please enter valid Number',
    ]) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
  });

  it("says 'Minimum 3 characters' for a short name", async () => {
    await openForm();
    type('register-name', 'ab');
    expect(await screen.findByText('Minimum 3 characters')).toBeTruthy();
  });

  it("warns 'Name should be atleast 3 letters long' when the trimmed name is too short", async () => {
    const server = await openForm(otpRoutes);
    await fillValidForm({ 'register-name': '  ab  ' });
    fireEvent.click(screen.getByTestId('send-otp'));
    expect(await screen.findByText('Name should be atleast 3 letters long')).toBeTruthy();
    expect(server.callsTo('POST /api/auth/sendOtp')).toHaveLength(0);
  });

  it("says 'Please enter valid URL' for a bad URL and prefixes www. with https://", async () => {
    await openForm();
    type('register-url', 'not a url');
    expect(await screen.findByText('Please enter valid URL')).toBeTruthy();
    type('register-url', 'www.example.com');
    await waitFor(() =>
      expect(screen.getByTestId<HTMLInputElement>('register-url').value).toBe('https://www.example.com'),
    );
    await waitFor(() => expect(screen.queryByText('Please enter valid URL')).toBeNull());
  });

  it.each([
    'asha',
    'asha@localhost',
    'asha@mail.example.com',
    'asha@example.c',
    'asha@e.com',
    'asha@example..com',
  ])("says 'Invalid email format' for %s", async (email) => {
    await openForm();
    type('register-email', email);
    expect(await screen.findByText('Invalid email format')).toBeTruthy();
  });

  it("says 'Password must not contain whitespace characters.'", async () => {
    await openForm();
    type('register-password', 'has space');
    expect(await screen.findByText('Password must not contain whitespace characters.')).toBeTruthy();
  });

  it("says 'The two passwords that you entered do not match!'", async () => {
    await openForm();
    type('register-password', 'Secret#123');
    type('register-confirm-password', 'Secret#124');
    expect(await screen.findByText('The two passwords that you entered do not match!')).toBeTruthy();
  });

  it.each(['12345', '5876543210', '98765432ab'])("says 'Please enter valid Number' for %s", async (phone) => {
    await openForm();
    type('register-phone', phone);
    expect(await screen.findByText('Please enter valid Number')).toBeTruthy();
  });
});

describe('free-trial registration: OTP flow (spec §4)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('sends both OTPs, verifies each, and registers only when terms and both OTPs are done', async () => {
    const reload = vi.spyOn(browserNavigation, 'reload').mockImplementation(() => undefined);
    const user = {
      id: 'u9',
      name: 'Asha Verma',
      email: 'asha@example.com',
      role: 'freeOrgAdmin',
      organisationId: 'o9',
      apikey: 'k',
      contractAgreed: true,
    };
    const server = await openForm({
      ...otpRoutes,
      'POST /api/auth/onboard/free-org': () =>
        ok({ token: 'new-token', projectId: 'p1', role: 'freeOrgAdmin' }),
      'GET /api/user/check/': () => ok({ user }),
    });
    const register = () => screen.getByTestId('register-submit').closest<HTMLButtonElement>('button')!;
    expect(register().disabled).toBe(true);

    await fillValidForm({ 'register-url': 'www.example.com' });
    fireEvent.click(screen.getByTestId('send-otp'));
    expect(await screen.findByText('Kindly verify the OTPs received on your mobile and email.')).toBeTruthy();
    expect(server.callsTo('POST /api/auth/sendOtp')[0]?.body).toEqual({
      name: 'Asha Verma',
      email: 'asha@example.com',
      phone: '9876543210',
      url: 'https://www.example.com',
      languages: ['hi'],
      password: 'Secret#123',
    });
    expect(server.callsTo('POST /api/auth/sendEmailOTP')[0]?.body).toEqual({ email: 'asha@example.com' });
    expect(screen.getByTestId('resend-otp').textContent).toMatch(/^Resend OTP in 1[12][09]s$/);

    type('mobile-otp', '123456');
    fireEvent.click(screen.getByTestId('verify-mobile-otp'));
    await waitFor(() => expect(screen.getByTestId('verify-mobile-otp').textContent).toContain('Verified'));
    expect(screen.getByTestId<HTMLButtonElement>('verify-mobile-otp').disabled).toBe(true);
    expect(server.callsTo('POST /api/auth/verifyOtp')[0]?.body).toEqual({
      otp: '123456',
      authenticationCode: 'auth-code',
    });
    expect(register().disabled).toBe(true);

    type('email-otp', '654321');
    fireEvent.click(screen.getByTestId('verify-email-otp'));
    await waitFor(() => expect(screen.getByTestId('verify-email-otp').textContent).toContain('Verified'));
    expect(server.callsTo('POST /api/auth/verifyEmailOTP')[0]?.body).toEqual({
      otp: '654321',
      verifyEmailToken: 'email-token',
      authenticationCode: 'auth-code',
      email: 'asha@example.com',
    });
    expect(register().disabled).toBe(true);

    fireEvent.click(screen.getByTestId('terms-checkbox'));
    await waitFor(() => expect(register().disabled).toBe(false));
    fireEvent.click(register());
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(server.callsTo('POST /api/auth/onboard/free-org')[0]?.body).toEqual({
      authenticationCode: 'auth-code',
    });
    expect(window.localStorage.getItem('token')).toBe('new-token');
    expect(window.localStorage.getItem('role')).toBe(btoa('freeOrgAdmin'));
  });

  it('opens the Terms & Conditions modal from the terms link', async () => {
    await openForm();
    fireEvent.click(screen.getByTestId('terms-link'));
    expect(await screen.findByText('Privacy Policy', { selector: 'h3' })).toBeTruthy();
    expect(screen.getAllByText('Terms & Conditions').length).toBeGreaterThan(1);
  });
});

describe('free-trial registration: resend (spec §4 step 5)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('counts down 120 s, then resends only the OTP that is not verified yet', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = await openForm(otpRoutes);
    await fillValidForm();
    fireEvent.click(screen.getByTestId('send-otp'));
    await screen.findByTestId('mobile-otp');
    type('mobile-otp', '123456');
    fireEvent.click(screen.getByTestId('verify-mobile-otp'));
    await waitFor(() => expect(screen.getByTestId('verify-mobile-otp').textContent).toContain('Verified'));

    const resend = () => screen.getByTestId('resend-otp').closest<HTMLButtonElement>('button')!;
    expect(resend().disabled).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(121_000);
    });
    expect(resend().textContent).toBe('Resend OTP');
    expect(resend().disabled).toBe(false);
    fireEvent.click(resend());
    await waitFor(() => expect(server.callsTo('POST /api/auth/sendEmailOTP')).toHaveLength(2));
    expect(server.callsTo('POST /api/auth/resendOtp')).toHaveLength(0);
    await waitFor(() => expect(resend().textContent).toMatch(/^Resend OTP in \d+s$/));
  });

  it('verifies the e-mail OTP with the token of the newest sendEmailOTP, and waits as long as a 429 says', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let emailSends = 0;
    const server = await openForm({
      ...otpRoutes,
      'POST /api/auth/sendEmailOTP': () => {
        emailSends += 1;
        return ok({ token: `email-token-${emailSends}` });
      },
      'POST /api/auth/resendOtp': () =>
        fail('Please wait 42 seconds before requesting a new OTP.', { retryAfterSeconds: 42 }, 429),
    });
    await fillValidForm();
    fireEvent.click(screen.getByTestId('send-otp'));
    await screen.findByTestId('mobile-otp');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(121_000);
    });
    const resend = () => screen.getByTestId('resend-otp').closest<HTMLButtonElement>('button')!;
    fireEvent.click(resend());
    await waitFor(() => expect(server.callsTo('POST /api/auth/resendOtp')).toHaveLength(1));
    // The mobile resend was refused for 42 s, the e-mail one went out: the longer wait, 120 s, shows.
    await waitFor(() => expect(resend().textContent).toMatch(/^Resend OTP in 1[12]\ds$/));

    type('email-otp', '654321');
    fireEvent.click(screen.getByTestId('verify-email-otp'));
    await waitFor(() => expect(server.callsTo('POST /api/auth/verifyEmailOTP')).toHaveLength(1));
    expect(server.callsTo('POST /api/auth/verifyEmailOTP')[0]?.body).toMatchObject({
      verifyEmailToken: 'email-token-2',
    });
  });

  it('shows the wait of a 429 when only the mobile OTP is due again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await openForm({
      ...otpRoutes,
      'POST /api/auth/resendOtp': () =>
        fail('Please wait 42 seconds before requesting a new OTP.', { retryAfterSeconds: 42 }, 429),
    });
    await fillValidForm();
    fireEvent.click(screen.getByTestId('send-otp'));
    await screen.findByTestId('email-otp');
    type('email-otp', '654321');
    fireEvent.click(screen.getByTestId('verify-email-otp'));
    await waitFor(() => expect(screen.getByTestId('verify-email-otp').textContent).toContain('Verified'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(121_000);
    });
    const resend = () => screen.getByTestId('resend-otp').closest<HTMLButtonElement>('button')!;
    fireEvent.click(resend());
    await waitFor(() => expect(resend().textContent).toMatch(/^Resend OTP in (42|41)s$/));
  });
});

describe('older free-trial form (spec §5)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("allows at most three languages: 'You can only select up to three options.'", async () => {
    installFakeServer({ 'GET /api/auth/fetchUIEndpoints': () => ok(UI_CONFIG) });
    renderApp('/free-trial-classic');
    await screen.findByTestId('register-form');
    const select = screen.getByTestId('register-languages');
    const input = select.tagName === 'INPUT' ? select : (select.querySelector('input') as HTMLInputElement);
    for (const name of ['Hindi', 'Tamil', 'Telugu', 'Bengali']) {
      fireEvent.mouseDown(input);
      fireEvent.change(input, { target: { value: name } });
      fireEvent.click(await screen.findByTitle(new RegExp(`^${name}`)));
    }
    expect(await screen.findByText('You can only select up to three options.')).toBeTruthy();
  });
});
