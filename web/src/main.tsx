import { render } from 'preact';
import { App } from './app';
import { checkSession } from './lib/api';
import { startRouter } from './lib/router';
import { applySettings } from './lib/settings';
import './styles.css';

applySettings();
startRouter();
void checkSession();
render(<App />, document.getElementById('app') as HTMLElement);
