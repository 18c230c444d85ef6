// The life of a table: getting up, the owner's seat controls and deleting a table,
// resigning, aborting and rematches by agreement (the proposals the seated people
// vote on), each asked again in a dialog when it cannot be undone.

import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n';
import { ApiError } from '../lib/api';
import { joinList } from '../i18n';
import { levelLabel, seatName } from '../lib/describe';
import type { TableView } from '../lib/protocol';
import { refusalText } from '../lib/refusals';
import { navigate } from '../lib/router';
import { kindOf, kinds, loadKinds } from '../lib/rules';
import { session } from '../lib/session';
import type { TableController } from '../lib/tableController';
import type { TableState } from '../lib/tableState';
import { useNow } from './Felt';
import { Modal } from './Modal';

/** The table's owner (the first human seat for a table described without one). */
export function ownerOf(table: TableView): string | null {
  if (table.owner.id) return table.owner.id;
  return table.seats.find((s) => s.kind === 'human')?.user_id ?? null;
}

/** Our seat at the table, or null. */
export function mySeat(table: TableView): number | null {
  const me = session.value?.user.id;
  return table.seats.find((s) => s.user_id === me && s.kind !== 'bot')?.seat ?? null;
}

/** Run a table request; a refusal is said in the player's words. */
export function useRequest(controller: TableController): [(fn: () => Promise<void>) => Promise<boolean>, string | null] {
  const [error, setError] = useState<string | null>(null);
  const run = async (fn: () => Promise<void>) => {
    setError(null);
    try {
      await fn();
      return true;
    } catch (e) {
      setError(e instanceof ApiError ? refusalText(e.code, e.details, controller.state.value.table) : String(e));
      return false;
    }
  };
  return [run, error];
}

export function ConfirmDialog({
  title,
  text,
  confirm,
  onConfirm,
  onClose,
  testId,
}: {
  title: string;
  text: string;
  confirm: string;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
}) {
  return (
    <Modal title={title} onClose={onClose} testId={testId}>
      <p>{text}</p>
      <div class="dialog-actions">
        <button type="button" class="primary danger" onClick={onConfirm} data-testid={`${testId}-yes`}>
          {confirm}
        </button>
        <button type="button" onClick={onClose} autofocus>
          {t('common.cancel')}
        </button>
      </div>
    </Modal>
  );
}

function useLevels(game: string): string[] {
  useEffect(() => {
    loadKinds().catch(() => undefined);
  }, []);
  return kindOf(kinds.value, game)?.levels ?? ['random', 'heuristic'];
}

/** The owner's control of one seat: a person (open) or a bot of a level. */
export function SeatControl({ controller, table, seat }: { controller: TableController; table: TableView; seat: number }) {
  const levels = useLevels(table.game);
  const [run, error] = useRequest(controller);
  const view = table.seats[seat];
  const playing = table.status === 'playing';
  const value = view.kind === 'bot' ? `bot:${view.level}` : 'person';
  return (
    <span class="seat-control">
      <select
        aria-label={t('life.seatWho', { seat: seatName(table, seat) })}
        value={value}
        data-testid={`seat-control-${seat}`}
        onChange={(e) => {
          const choice = (e.target as HTMLSelectElement).value;
          void run(() => (choice === 'person' ? controller.setSeat(seat, 'open') : controller.setSeat(seat, 'bot', choice.slice(4))));
        }}
      >
        {(!playing || view.kind !== 'bot') && <option value="person">{view.kind === 'bot' || view.open ? t('life.openSeat') : view.name ?? ''}</option>}
        {levels.map((level) => (
          <option value={`bot:${level}`}>{t('bot.name', { level: levelLabel(level) })}</option>
        ))}
      </select>
      {error && (
        <span role="alert" class="error">
          {' '}
          {error}
        </span>
      )}
    </span>
  );
}

/** Leave the seat and, for the owner, delete the table: the waiting room's buttons. */
export function WaitingActions({ controller, table }: { controller: TableController; table: TableView }) {
  const [run, error] = useRequest(controller);
  const [confirming, setConfirming] = useState(false);
  const isOwner = ownerOf(table) === session.value?.user.id;
  const seated = mySeat(table) !== null;
  if (!isOwner && !seated) return null;
  return (
    <div class="table-actions">
      {seated && (
        <button type="button" onClick={() => void run(() => controller.leave())} data-testid="leave-seat">
          {t('life.leaveSeat')}
        </button>
      )}
      {isOwner && (
        <button type="button" class="danger" onClick={() => setConfirming(true)} data-testid="delete-table">
          {t('life.delete')}
        </button>
      )}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          title={t('life.deleteTitle')}
          text={t('life.deleteText')}
          confirm={t('life.delete')}
          testId="confirm-delete"
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            void run(() => controller.remove()).then((ok) => {
              setConfirming(false);
              if (ok) navigate('/');
            })
          }
        />
      )}
    </div>
  );
}

/** The names of the seats that agreed to a proposal. */
function agreedNames(table: TableView, proposal: string): string {
  return joinList((table.proposals?.[proposal] ?? []).map((s) => seatName(table, s)));
}

/** An open proposal to abort: who proposed it, and our vote when we have not given it. */
export function AbortProposal({ controller, table }: { controller: TableController; table: TableView }) {
  const [run, error] = useRequest(controller);
  const agreed = table.proposals?.abort;
  if (!agreed) return null;
  const seat = mySeat(table);
  const voted = seat !== null && agreed.includes(seat);
  return (
    <div class="proposal" role="status" data-testid="abort-proposal">
      <p>{t('life.abortProposed', { seats: agreedNames(table, 'abort') })}</p>
      {seat !== null && !voted && (
        <div class="proposal-buttons">
          <button type="button" class="primary" onClick={() => void run(() => controller.abort())} data-testid="abort-agree">
            {t('life.agree')}
          </button>
          <button type="button" onClick={() => void run(() => controller.decline('abort'))} data-testid="abort-decline">
            {t('life.decline')}
          </button>
        </div>
      )}
      {voted && <p class="muted">{t('life.waitingOthers')}</p>}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </div>
  );
}

type Asking = 'resign' | 'abort' | 'leave' | null;

/**
 * During a game: resign, abort (or propose it), leave; the owner gives an absent
 * player's seat to a bot; anyone seated lets a bot play for a player who has been to
 * move too long (and that player takes the seat back).
 */
export function GameActions({ controller, table, state }: { controller: TableController; table: TableView; state: TableState }) {
  const [run, error] = useRequest(controller);
  const [asking, setAsking] = useState<Asking>(null);
  const seat = mySeat(table);
  const isOwner = ownerOf(table) === session.value?.user.id;
  const away = table.seats.filter((s) => s.kind === 'human' && s.user_id && s.seat !== seat && (!s.connected || s.controller === 'bot'));
  const toMove = state.toMove !== null ? table.seats[state.toMove] : null;
  const claimable = !!toMove && seat !== null && toMove.seat !== seat && toMove.kind === 'human' && toMove.controller === 'player';
  const now = useNow(claimable || (isOwner && away.length > 0), 1000);
  // the owner gives a bot only the seat of a player away longer than the claim time
  const claimAfter = (table.claim_after ?? 120) * 1000;
  const absent = away.filter((s) => s.away_since != null && now - s.away_since * 1000 >= claimAfter);
  const idle = claimable && now - state.turnSince >= claimAfter;
  const botForMe = seat !== null && table.seats[seat].controller === 'bot';
  if (seat === null && !isOwner) return null;
  const kraken = table.game === 'kraken';
  const dialogs: Record<Exclude<Asking, null>, { title: string; text: string; confirm: string; act: () => Promise<void> }> = {
    resign: {
      title: t('life.resignTitle'),
      text: kraken ? t('life.resignTextTeam') : t('life.resignText'),
      confirm: t('life.resign'),
      act: () => controller.resign(),
    },
    abort: { title: t('life.abortTitle'), text: t('life.abortText'), confirm: t('life.abort'), act: () => controller.abort() },
    leave: { title: t('life.leaveTitle'), text: t('life.leaveText'), confirm: t('life.leave'), act: () => controller.leave() },
  };
  const dialog = asking ? dialogs[asking] : null;
  return (
    <section class="table-actions in-game" aria-labelledby="actions-title">
      <h2 id="actions-title">{t('life.title')}</h2>
      <AbortProposal controller={controller} table={table} />
      <div class="action-buttons">
        {seat !== null && (
          <>
            <button type="button" onClick={() => setAsking('resign')} data-testid="resign">
              {t('life.resign')}
            </button>
            {!table.proposals?.abort && (
              <button type="button" onClick={() => setAsking('abort')} data-testid="abort">
                {t('life.abort')}
              </button>
            )}
            <button type="button" onClick={() => setAsking('leave')} data-testid="leave-table">
              {t('life.leave')}
            </button>
          </>
        )}
        {idle && toMove && !absent.includes(toMove) && (
          <button type="button" onClick={() => void run(() => controller.claim(toMove.seat))} data-testid={`claim-${toMove.seat}`}>
            {t('life.toBot', { seat: seatName(table, toMove.seat) })}
          </button>
        )}
        {botForMe && (
          <button type="button" class="primary" onClick={() => void run(() => controller.takeBack())} data-testid="take-back">
            {t('life.takeBack')}
          </button>
        )}
        {isOwner &&
          absent.map((s) => (
            <button type="button" onClick={() => void run(() => controller.setSeat(s.seat, 'bot'))} data-testid={`to-bot-${s.seat}`}>
              {t('life.toBot', { seat: seatName(table, s.seat) })}
            </button>
          ))}
      </div>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      {dialog && (
        <ConfirmDialog
          title={dialog.title}
          text={dialog.text}
          confirm={dialog.confirm}
          testId={`confirm-${asking}`}
          onClose={() => setAsking(null)}
          onConfirm={() => void run(dialog.act).then(() => setAsking(null))}
        />
      )}
    </section>
  );
}

/** The rematch in the game over dialog: propose, accept or decline, and who agreed. */
export function RematchControls({ controller, table }: { controller: TableController; table: TableView }) {
  const [run, error] = useRequest(controller);
  const seat = mySeat(table);
  const agreed = table.proposals?.rematch;
  const voted = seat !== null && !!agreed?.includes(seat);
  return (
    <div class="rematch" data-testid="rematch">
      {agreed && <p>{t('life.rematchProposed', { seats: agreedNames(table, 'rematch') })}</p>}
      {seat === null ? (
        <p class="muted">{t('over.waitRematch')}</p>
      ) : voted ? (
        <p class="muted">{t('life.waitingOthers')}</p>
      ) : (
        <>
          <button type="button" class="primary" onClick={() => void run(() => controller.rematch())} data-testid="rematch-yes">
            {agreed ? t('life.rematchAccept') : t('over.rematch')}
          </button>
          {agreed && (
            <button type="button" onClick={() => void run(() => controller.decline('rematch'))} data-testid="rematch-no">
              {t('life.decline')}
            </button>
          )}
        </>
      )}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </div>
  );
}
