// The app shell: header with the menu, the language and who we are (a link to the
// account page, and a way to log out), and the screen of the route. Playing needs a
// name: without a session the lobby and the tables ask for one, or for an account.

import { LogoIcon } from './components/Icons';
import { LanguageSelect } from './components/LanguageSelect';
import { t } from './i18n';
import { logout } from './lib/api';
import { location, match, navigate } from './lib/router';
import { session } from './lib/session';
import { AccountPage, SignIn } from './screens/Account';
import { Lobby } from './screens/Lobby';
import { Leaderboard, NotFound, PlayerPage, RulesPage, SettingsPage } from './screens/Pages';
import { Replay } from './screens/Replay';
import { SheetPage } from './screens/Sheet';
import { TableScreen } from './screens/TableScreen';

function Header() {
  const route = match(location.value);
  const me = session.value;
  const link = (href: string, label: string, active: boolean) => (
    <a href={href} aria-current={active ? 'page' : undefined}>
      {label}
    </a>
  );
  return (
    <header class="top">
      <a class="skip" href="#main">
        {t('nav.skip')}
      </a>
      <a class="brand" href="/">
        <LogoIcon /> {t('app.title')}
      </a>
      <nav aria-label={t('nav.main')}>
        {link('/', t('nav.lobby'), route.name === 'lobby' || route.name === 'table')}
        {link('/leaderboard', t('nav.leaderboard'), route.name === 'leaderboard')}
        {me && link(`/players/${me.user.id}`, t('nav.me'), route.name === 'player')}
        {me && link('/account', t('nav.account'), route.name === 'account')}
        {link('/rules/kraken', t('nav.rules'), route.name === 'rules')}
        {link('/sheet', t('nav.sheet'), route.name === 'sheet')}
        {link('/settings', t('nav.settings'), route.name === 'settings')}
      </nav>
      <label class="lang-select">
        <span class="visually-hidden">{t('set.language')}</span>
        <LanguageSelect testId="language" />
      </label>
      {me && (
        <span class="signed-in">
          <span class="me-name muted">{t('name.signedIn', { name: me.user.name })}</span>
          <button type="button" class="logout" data-testid="logout" onClick={() => void logout().then(() => navigate('/'))}>
            {t('name.logout')}
          </button>
        </span>
      )}
    </header>
  );
}

export function App() {
  const route = match(location.value);
  const needsName = !session.value && (route.name === 'lobby' || route.name === 'table');
  let screen;
  if (needsName) screen = <SignIn />;
  else {
    switch (route.name) {
      case 'lobby':
        screen = <Lobby />;
        break;
      case 'table':
        screen = <TableScreen key={`${route.id}-${session.value?.token}`} id={route.id} invite={route.invite} />;
        break;
      case 'replay':
        screen = <Replay id={route.id} invite={route.invite} />;
        break;
      case 'player':
        screen = <PlayerPage id={route.id} />;
        break;
      case 'leaderboard':
        screen = <Leaderboard game={route.game} />;
        break;
      case 'settings':
        screen = <SettingsPage />;
        break;
      case 'account':
        screen = <AccountPage />;
        break;
      case 'rules':
        screen = <RulesPage game={route.game} />;
        break;
      case 'sheet':
        screen = <SheetPage id={route.id} shared={route.shared} />;
        break;
      default:
        screen = <NotFound />;
    }
  }
  return (
    <>
      <Header />
      {screen}
    </>
  );
}
