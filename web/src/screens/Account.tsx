// Who we are: the sign-in screen (play as a guest, log in, or create an account) and
// the account page (change the name or the password, keep a guest's games and rating
// by making it an account, log out).

import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { t, tMaybe } from '../i18n';
import { ApiError, becomeGuest, changeName, changePassword, login, logout, register, upgradeGuest } from '../lib/api';
import { navigate } from '../lib/router';
import { session } from '../lib/session';

/** A refusal in the reader's language when we know its code, else the server's words. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return tMaybe(`acct.err.${error.code}`) ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

/** A form that runs `action` on submit, shows its refusal, and says when it is done. */
function ActionForm({
  action,
  done,
  testId,
  label,
  submit,
  children,
}: {
  action: (data: FormData) => Promise<void>;
  done?: string;
  testId: string;
  label: string;
  submit: string;
  children: ComponentChildren;
}) {
  const [error, setError] = useState<string | null>(null);
  const [ok, setOk] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <form
      class="account-form"
      data-testid={testId}
      aria-label={label}
      onSubmit={async (e) => {
        e.preventDefault();
        const form = e.currentTarget as HTMLFormElement;
        setBusy(true);
        setError(null);
        setOk(false);
        try {
          await action(new FormData(form));
          setOk(true);
        } catch (err) {
          setError(errorText(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      {children}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {ok && done && (
        <p class="ok" role="status">
          {done}
        </p>
      )}
      <button type="submit" class="primary" disabled={busy}>
        {submit}
      </button>
    </form>
  );
}

function Field({ name, label, type = 'text', auto, min, value }: { name: string; label: string; type?: string; auto: string; min?: number; value?: string }) {
  const id = `acct-${name}`;
  return (
    <label class="field" for={id}>
      <span>{label}</span>
      <input id={id} name={name} type={type} autoComplete={auto} required minLength={min} maxLength={type === 'password' ? 200 : 40} defaultValue={value} />
    </label>
  );
}

const text = (data: FormData, name: string) => String(data.get(name) ?? '').trim();

type Mode = 'guest' | 'login' | 'register';

/** The first screen without a session: a name to play as a guest, or an account. */
export function SignIn() {
  const [mode, setMode] = useState<Mode>('guest');
  const modes: [Mode, string][] = [
    ['guest', t('acct.modeGuest')],
    ['login', t('acct.modeLogin')],
    ['register', t('acct.modeRegister')],
  ];
  return (
    <main id="main" class="screen name-screen">
      <div class="card-panel">
        <h1>{t('app.title')}</h1>
        <p class="tagline">{t('app.tagline')}</p>
        <div class="auth-modes" role="group" aria-label={t('acct.how')}>
          {modes.map(([m, label]) => (
            <button type="button" aria-pressed={mode === m} data-testid={`mode-${m}`} onClick={() => setMode(m)}>
              {label}
            </button>
          ))}
        </div>
        {mode === 'guest' && <GuestForm />}
        {mode === 'login' && (
          <ActionForm testId="login-form" label={t('acct.modeLogin')} submit={t('acct.login')} action={async (d) => void (await login(text(d, 'username'), String(d.get('password'))))}>
            <Field name="username" label={t('acct.username')} auto="username" />
            <Field name="password" label={t('acct.password')} type="password" auto="current-password" />
          </ActionForm>
        )}
        {mode === 'register' && (
          <ActionForm
            testId="register-form"
            label={t('acct.modeRegister')}
            submit={t('acct.register')}
            action={async (d) => void (await register(text(d, 'username'), String(d.get('password')), text(d, 'name')))}
          >
            <Field name="name" label={t('name.prompt')} auto="nickname" />
            <Field name="username" label={t('acct.username')} auto="username" min={3} />
            <Field name="password" label={t('acct.newPassword')} type="password" auto="new-password" min={8} />
            <p class="muted small">{t('acct.usernameHelp')}</p>
          </ActionForm>
        )}
      </div>
    </main>
  );
}

function GuestForm() {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      class="name-form"
      data-testid="name-form"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!name.trim()) return;
        setBusy(true);
        try {
          await becomeGuest(name.trim().slice(0, 40));
        } catch (err) {
          setError(errorText(err));
          setBusy(false);
        }
      }}
    >
      <label class="field" for="guest-name">
        <span>{t('name.prompt')}</span>
        <input id="guest-name" name="name" autoComplete="nickname" maxLength={40} required value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} autoFocus />
      </label>
      <p class="muted small">{t('acct.guestHelp')}</p>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" class="primary big" disabled={busy}>
        {t('name.go')}
      </button>
    </form>
  );
}

/** `/account`: the name, the password or the way from guest to account, and log out. */
export function AccountPage() {
  // a guest that became an account is told so once the account's forms replace the guest's
  const [kept, setKept] = useState(false);
  const me = session.value;
  if (!me) return <SignIn />;
  const user = me.user;
  const guest = user.kind === 'guest';
  return (
    <main id="main" class="screen account" data-testid="account-page">
      <h1>{t('acct.title')}</h1>
      <div class="stat-grid">
        <section class="card-panel" aria-labelledby="acct-who-title">
          <h2 id="acct-who-title">{t('acct.who')}</h2>
          <p data-testid="account-summary">
            {guest ? t('acct.isGuest', { name: user.name }) : t('acct.isAccount', { name: user.name, username: user.username ?? '' })}
          </p>
          <ActionForm testId="name-change" label={t('acct.changeName')} submit={t('acct.changeName')} done={t('acct.nameChanged')} action={(d) => changeName(text(d, 'display'))}>
            <Field name="display" label={t('name.prompt')} auto="nickname" value={user.name} />
          </ActionForm>
          <button type="button" data-testid="account-logout" onClick={() => void logout().then(() => navigate('/'))}>
            {t('name.logout')}
          </button>
        </section>
        {guest ? (
          <section key="keep" class="card-panel" aria-labelledby="acct-keep-title">
            <h2 id="acct-keep-title">{t('acct.keepTitle')}</h2>
            <p>{t('acct.keepHelp')}</p>
            <ActionForm testId="upgrade-form" label={t('acct.keepTitle')} submit={t('acct.keep')} done={t('acct.kept')} action={async (d) => {
                await upgradeGuest(text(d, 'username'), String(d.get('password')));
                setKept(true);
              }}>
              <Field name="username" label={t('acct.username')} auto="username" min={3} />
              <Field name="password" label={t('acct.newPassword')} type="password" auto="new-password" min={8} />
              <p class="muted small">{t('acct.usernameHelp')}</p>
            </ActionForm>
          </section>
        ) : (
          <section key="password" class="card-panel" aria-labelledby="acct-password-title">
            {kept && (
              <p class="ok" role="status" data-testid="upgrade-done">
                {t('acct.kept')}
              </p>
            )}
            <h2 id="acct-password-title">{t('acct.passwordTitle')}</h2>
            <p>{t('acct.passwordHelp')}</p>
            <ActionForm
              testId="password-form"
              label={t('acct.passwordTitle')}
              submit={t('acct.changePassword')}
              done={t('acct.passwordChanged')}
              action={async (d) => void (await changePassword(String(d.get('current')), String(d.get('password'))))}
            >
              <Field name="current" label={t('acct.currentPassword')} type="password" auto="current-password" />
              <Field name="password" label={t('acct.newPassword')} type="password" auto="new-password" min={8} />
            </ActionForm>
          </section>
        )}
      </div>
    </main>
  );
}
