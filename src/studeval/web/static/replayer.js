// The hand replayer: a file dropped (or a hand of the database) played back step by step
// from POST /api/replay; the arrow keys step.
'use strict';

(() => {
  const S = Studeval;
  const drop = document.getElementById('drop');
  const fileInput = document.getElementById('file');
  const choice = document.getElementById('hand-choice');
  const select = document.getElementById('hand-select');
  const messageBox = document.getElementById('message');
  const section = document.getElementById('replay');
  const table = document.getElementById('table');
  const log = document.getElementById('log');
  let file = null;
  let hand = null;
  let step = 0;

  async function load(index) {
    S.message(messageBox, 'reading the hand\u2026', 'busy');
    try {
      let data;
      if (file) {
        const form = new FormData();
        form.append('file', file, file.name);
        form.append('hand', String(index));
        data = await S.post('/api/replay', form);
      } else {
        data = await S.get('/api/hands/' + encodeURIComponent(index) + '/replay');
      }
      S.message(messageBox, data.refused && data.refused.length ? data.refused.length + ' hand(s) of the file not read: ' + data.refused[0] : '', 'error');
      listHands(data.hands || [], index);
      show(data.replay);
    } catch (e) {
      section.hidden = true;
      S.message(messageBox, e.message);
    }
    document.body.dataset.loaded = String(Number(document.body.dataset.loaded || 0) + 1);
  }

  function listHands(hands, index) {
    choice.hidden = hands.length < 2;
    select.replaceChildren();
    for (const h of hands) {
      const option = document.createElement('option');
      option.value = String(h.index);
      option.textContent = `#${h.index + 1} ${h.number ? 'hand ' + h.number + ', ' : ''}${h.game}, ${h.players.join(', ')}`;
      option.selected = h.index === Number(index);
      select.appendChild(option);
    }
  }

  function show(replay) {
    hand = replay;
    step = 0;
    const s = replay.structure;
    document.getElementById('hand-title').textContent =
      `${replay.title}${replay.hand ? ', hand ' + replay.hand : ''} \u2014 ante ${money(s.ante)}, bring-in ${money(s.bring_in)}, ` +
      `${money(s.small_bet)}/${money(s.big_bet)}${replay.scale > 1 ? ' ' + replay.currency : ''}` +
      (replay.analysis_error ? ' (no equities: ' + replay.analysis_error + ')' : '');
    log.replaceChildren();
    replay.steps.forEach((st, k) => {
      const li = document.createElement('li');
      li.textContent = st.text;
      li.addEventListener('click', () => go(k));
      log.appendChild(li);
    });
    section.hidden = false;
    draw();
  }

  // an amount in the history's chips, in its currency when it has one (a site's cents as 0.04)
  function money(chips) {
    if (!hand.scale || hand.scale === 1) return String(chips);
    const digits = Math.round(Math.log10(hand.scale));
    return (chips / hand.scale).toFixed(digits);
  }

  function equityOf(st, seat) {
    const a = hand.analysis;
    if (!a || st.street < 0 || st.street >= a.streets.length) return null;
    const street = a.streets[st.street];
    const out = { known: street.equity[seat] };
    if (seat === a.hero && street.hero_equity !== null) out.hero = street.hero_equity;
    return out;
  }

  // the cards in the order dealt: the first down cards, the up cards, the last down card
  function cardsLine(down, up) {
    const line = document.createElement('div');
    line.className = 'cards-line';
    const first = S.game(hand.game).streets[0].up.filter((u) => !u).length;
    const add = (c, faceDown) => {
      const el = S.cardElement(c);
      if (faceDown) {
        el.classList.add('down');
        el.title = 'down card';
      }
      line.appendChild(el);
    };
    down.slice(0, first).forEach((c) => add(c, true));
    up.forEach((c) => add(c, false));
    down.slice(first).forEach((c) => add(c, true));
    return line;
  }

  function draw() {
    const st = hand.steps[step];
    table.replaceChildren();
    st.seats.forEach((seat, i) => {
      const box = document.createElement('div');
      box.className = 'seat';
      box.dataset.seat = String(i);
      if (seat.folded) box.classList.add('folded');
      if (st.to_act === i) box.classList.add('acting');
      const who = document.createElement('div');
      who.className = 'who';
      who.textContent = hand.players[i] + (i === hand.hero ? ' (hero)' : '') + (i === hand.bring_in ? ' \u00b7 bring-in' : '');
      box.appendChild(who);
      const chips = document.createElement('div');
      chips.className = 'chips';
      chips.textContent = `stack ${money(seat.stack)}` + (seat.bet ? `, in ${money(seat.bet)}` : '') + (seat.folded ? ', folded' : '');
      box.appendChild(chips);
      const cards = cardsLine(seat.down, seat.up);
      cards.dataset.up = seat.up.join(' ');
      box.appendChild(cards);
      const e = equityOf(st, i);
      if (e && e.known !== null && !seat.folded) {
        const eq = document.createElement('div');
        eq.className = 'equity';
        eq.textContent = 'equity ' + S.percent(e.known, 1) + (e.hero !== undefined ? ` (as seen: ${S.percent(e.hero, 1)})` : '');
        eq.dataset.value = String(e.known);
        box.appendChild(eq);
      }
      if (st.payouts && st.payouts[i]) {
        const won = document.createElement('div');
        won.className = 'equity';
        won.textContent = 'wins ' + money(st.payouts[i]);
        box.appendChild(won);
      }
      table.appendChild(box);
    });
    const pot = document.createElement('div');
    pot.className = 'pot-line';
    pot.id = 'pot';
    pot.textContent = (st.street_name ? st.street_name + ' \u2014 ' : '') + 'pot ' + money(st.pot) + (st.board.length ? ' \u2014 community card ' + st.board.join(' ') : '');
    table.appendChild(pot);
    const counter = document.getElementById('counter');
    counter.textContent = `${step + 1} / ${hand.steps.length}`;
    counter.dataset.step = String(step);
    counter.dataset.street = st.street_name;
    document.getElementById('step-text').textContent = st.text;
    Array.from(log.children).forEach((li, k) => li.classList.toggle('now', k === step));
    const now = log.children[step];
    if (now) now.scrollIntoView({ block: 'nearest' });
  }

  function go(k) {
    if (!hand) return;
    step = Math.max(0, Math.min(hand.steps.length - 1, k));
    draw();
  }

  document.getElementById('first').addEventListener('click', () => go(0));
  document.getElementById('back').addEventListener('click', () => go(step - 1));
  document.getElementById('next').addEventListener('click', () => go(step + 1));
  document.getElementById('last').addEventListener('click', () => go(Infinity));
  document.addEventListener('keydown', (event) => {
    if (!hand || event.target.tagName === 'INPUT' || event.target.tagName === 'SELECT') return;
    const moves = { ArrowRight: step + 1, ArrowLeft: step - 1, Home: 0, End: Infinity };
    if (event.key in moves) {
      event.preventDefault();
      go(moves[event.key]);
    }
  });

  function take(chosen) {
    if (!chosen) return;
    file = chosen;
    load(0);
  }
  fileInput.addEventListener('change', () => take(fileInput.files[0]));
  select.addEventListener('change', () => load(select.value));
  drop.addEventListener('dragover', (event) => {
    event.preventDefault();
    drop.classList.add('over');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (event) => {
    event.preventDefault();
    drop.classList.remove('over');
    take(event.dataTransfer.files[0]);
  });

  // the database's newest hands, when the server has a database
  const stored = document.getElementById('db-hands');
  if (stored) {
    S.get('/api/hands').then((data) => {
      for (const h of data.hands) {
        const option = document.createElement('option');
        option.value = String(h.id);
        option.textContent = `${h.played_at ? h.played_at.replace('T', ' ') : ''} ${h.site} #${h.number}, ${h.game} ${h.stakes}`;
        stored.appendChild(option);
      }
    }).catch((e) => S.message(messageBox, e.message));
    stored.addEventListener('change', () => {
      if (!stored.value) return;
      file = null;
      history.replaceState(null, '', location.pathname + '?hand=' + stored.value);
      load(stored.value);
    });
  }

  const params = new URLSearchParams(location.search);
  if (params.get('hand')) load(params.get('hand'));
})();
