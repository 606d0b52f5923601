// The equity calculator: players' cards by the card picker or typed, the answer of
// POST /api/equity, a street-by-street chart, the question kept in the page's URL.
'use strict';

(() => {
  const S = Studeval;
  const form = document.getElementById('question');
  const gameSelect = document.getElementById('game');
  const methodSelect = document.getElementById('method');
  const samplesInput = document.getElementById('samples');
  const playersBox = document.getElementById('players');
  const addButton = document.getElementById('add-player');
  const dead = document.getElementById('dead');
  const board = document.getElementById('board');
  const boardRow = document.getElementById('board-row');
  const picker = document.getElementById('picker');
  const messageBox = document.getElementById('message');
  const answer = document.getElementById('answer');
  const share = document.getElementById('share');
  const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#e377c2', '#17becf'];
  let target = null;
  let running = null; // the AbortController of the question being answered

  // ---------------------------------------------------------------- the form

  function rows() {
    return Array.from(playersBox.querySelectorAll('.player'));
  }

  function fields() {
    return Array.from(form.querySelectorAll('.cards-field'));
  }

  function setTarget(field) {
    for (const f of fields()) f.classList.toggle('target', f === field);
    target = field;
  }

  function renumber() {
    rows().forEach((row, k) => {
      row.querySelector('.name').textContent = 'Player ' + (k + 1);
      row.dataset.index = String(k);
      row.querySelector('.down').id = 'p' + (k + 1) + '-down';
      row.querySelector('.up').id = 'p' + (k + 1) + '-up';
    });
    const n = rows().length;
    addButton.disabled = n >= MAX_PLAYERS;
    for (const b of playersBox.querySelectorAll('.remove')) b.disabled = n <= 2;
  }

  function addPlayer(down = '', up = '') {
    if (rows().length >= MAX_PLAYERS) return;
    const row = document.createElement('div');
    row.className = 'player';
    row.innerHTML =
      '<span class="name"></span>' +
      '<input class="cards-field down" data-role="down" placeholder="down cards or [range]">' +
      '<input class="cards-field up" data-role="up" placeholder="up cards">' +
      '<button type="button" class="remove" title="remove this player">\u00d7</button>';
    row.querySelector('.down').value = down;
    row.querySelector('.up').value = up;
    row.querySelector('.remove').addEventListener('click', () => {
      row.remove();
      renumber();
      refresh();
    });
    playersBox.appendChild(row);
    renumber();
    refresh();
  }

  function isHoldem() {
    return !S.game(gameSelect.value).stud;
  }

  function applyGame() {
    const holdem = isHoldem();
    boardRow.hidden = !holdem;
    for (const up of playersBox.querySelectorAll('.up')) up.hidden = holdem;
    for (const down of playersBox.querySelectorAll('.down')) {
      down.placeholder = holdem ? 'hole cards or [range]' : 'down cards or [range]';
    }
    if (holdem && target && target.classList.contains('up')) setTarget(target.parentNode.querySelector('.down'));
  }

  // ---------------------------------------------------------------- the card picker

  function buildPicker() {
    for (const suit of ['s', 'h', 'd', 'c']) {
      const line = document.createElement('div');
      line.className = 'suit-row';
      for (const rank of S.RANKS) {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'pick';
        button.dataset.card = rank + suit;
        button.appendChild(S.cardElement(rank + suit));
        button.addEventListener('click', () => pick(rank + suit));
        line.appendChild(button);
      }
      picker.appendChild(line);
    }
  }

  function pick(card) {
    if (!target) setTarget(rows()[0].querySelector('.down'));
    const text = target.value.trim();
    target.value = text ? text + ' ' + card : card;
    refresh();
    target.focus();
  }

  // every card named anywhere greyed out in the picker: it cannot be dealt again
  function refresh() {
    const used = new Set();
    for (const f of fields()) {
      if (!f.hidden) for (const c of S.cardsIn(f.value)) used.add(c);
    }
    for (const b of picker.querySelectorAll('.pick')) {
      const taken = used.has(b.dataset.card);
      b.disabled = taken;
      b.classList.toggle('used', taken);
    }
  }

  // ---------------------------------------------------------------- the question

  function playerText(row) {
    const down = row.querySelector('.down').value.trim();
    const up = isHoldem() ? '' : row.querySelector('.up').value.trim();
    return (down + ' ' + up).trim();
  }

  function question() {
    const q = {
      players: rows().map(playerText),
      game: gameSelect.value,
      dead: dead.value.trim(),
      method: methodSelect.value,
    };
    const samples = Number(samplesInput.value);
    if (samplesInput.value && Number.isInteger(samples)) q.samples = samples;
    if (isHoldem()) q.board = board.value.trim();
    return q;
  }

  function toURL() {
    const params = new URLSearchParams();
    params.set('game', gameSelect.value);
    if (methodSelect.value !== 'auto') params.set('method', methodSelect.value);
    if (samplesInput.value && samplesInput.value !== '1000000') params.set('samples', samplesInput.value);
    for (const row of rows()) {
      const down = row.querySelector('.down').value.trim();
      const up = isHoldem() ? '' : row.querySelector('.up').value.trim();
      params.append('p', down + '/' + up);
    }
    if (dead.value.trim()) params.set('dead', dead.value.trim());
    if (isHoldem() && board.value.trim()) params.set('board', board.value.trim());
    const url = location.pathname + '?' + params.toString();
    history.replaceState(null, '', url);
    share.href = url;
  }

  function fromURL() {
    const params = new URLSearchParams(location.search);
    const players = params.getAll('p');
    if (params.get('game')) {
      const name = params.get('game');
      if (S.GAMES.some((g) => g.name === name)) gameSelect.value = name;
    }
    if (params.get('method')) methodSelect.value = params.get('method');
    if (params.get('samples')) samplesInput.value = params.get('samples');
    dead.value = params.get('dead') || '';
    board.value = params.get('board') || '';
    for (const text of players.slice(0, MAX_PLAYERS)) {
      const cut = text.indexOf('/');
      addPlayer(cut < 0 ? text : text.slice(0, cut), cut < 0 ? '' : text.slice(cut + 1));
    }
    while (rows().length < 2) addPlayer();
    return players.length >= 2;
  }

  // ---------------------------------------------------------------- the answer

  function cell(tag, text, attrs = {}) {
    const td = document.createElement(tag);
    td.textContent = text;
    for (const [k, v] of Object.entries(attrs)) td.setAttribute(k, v);
    return td;
  }

  function show(data) {
    const columns = data.hilo ? ['equity', 'scoop', 'high', 'low'] : ['equity', 'win', 'tie'];
    const mc = data.method !== 'exact';
    const head = document.getElementById('results-head');
    head.replaceChildren(cell('th', 'Player'), cell('th', 'Cards'));
    for (const c of columns) head.appendChild(cell('th', c === 'high' ? 'high half' : c === 'low' ? 'low half' : c));
    if (mc) head.appendChild(cell('th', '\u00b1 std. error'));
    const body = document.getElementById('results-body');
    body.replaceChildren();
    data.players.forEach((p, k) => {
      const tr = document.createElement('tr');
      tr.dataset.player = String(k);
      if (p.drawing_dead) tr.classList.add('drawing-dead');
      tr.appendChild(cell('td', String(k + 1)));
      const cards = cell('td', p.cards || '(random)', { class: 'cards' });
      if (p.drawing_dead) {
        const mark = document.createElement('span');
        mark.className = 'dead-mark';
        mark.textContent = ' drawing dead';
        cards.appendChild(mark);
      }
      tr.appendChild(cards);
      for (const c of columns) {
        tr.appendChild(cell('td', S.percent(p[c]), { 'data-field': c, 'data-player': String(k), 'data-value': String(p[c]) }));
      }
      if (mc) tr.appendChild(cell('td', S.percent(p.stderr, 3), { 'data-field': 'stderr', 'data-value': String(p.stderr) }));
      body.appendChild(tr);
    });
    const figures = document.getElementById('figures');
    const how = data.method === 'exact' ? 'exact over ' : 'Monte Carlo, ';
    figures.replaceChildren();
    figures.appendChild(cell('span', how + data.deals.toLocaleString('en') + ' deals in ' + data.seconds.toFixed(3) + ' s', { id: 'method-line', 'data-method': data.method }));
    if (data.hilo) {
      figures.appendChild(document.createTextNode('; '));
      figures.appendChild(cell('span', 'no low ' + S.percent(data.no_low), { id: 'no-low', 'data-value': String(data.no_low) }));
    }
    if (data.community_card) figures.appendChild(document.createTextNode('; the deck runs out: the seventh card is a community card'));
    document.getElementById('plan').textContent = 'Plan: ' + data.plan;
    answer.hidden = false;
  }

  // ---------------------------------------------------------------- the chart

  // the question of each street up to the one asked, from each player's down and up cards
  function streetQuestions(q) {
    const game = S.game(q.game);
    const players = rows();
    if (game.stud) {
      const parts = players.map((row) => ({
        range: S.rangeOf(row.querySelector('.down').value),
        down: S.cardsIn(row.querySelector('.down').value),
        up: S.cardsIn(row.querySelector('.up').value),
      }));
      const maxUp = Math.max(...parts.map((p) => p.up.length));
      const maxDown = Math.max(...parts.map((p) => p.down.length));
      const out = [];
      let ups = 0;
      let downs = 0;
      game.streets.forEach((street, s) => {
        for (const up of street.up) (up ? ups++ : downs++);
        const firstDowns = game.streets[0].up.filter((u) => !u).length;
        if (ups > maxUp || (downs > firstDowns && downs > maxDown) || ups === 0) return;
        if (out.length !== s) return; // a street skipped: the cards stop here
        const texts = parts.map((p) => [p.range, ...p.down.slice(0, downs), ...p.up.slice(0, ups)].join(' ').trim());
        out.push({ label: street.label, question: { ...q, players: texts } });
      });
      return out;
    }
    const cards = S.cardsIn(q.board || '');
    const out = [];
    let shared = 0;
    for (const street of game.streets) {
      shared += street.board;
      if (shared > cards.length) break;
      out.push({ label: street.label, question: { ...q, board: cards.slice(0, shared).join(' ') } });
    }
    return out;
  }

  function svg(tag, attrs = {}) {
    const el = document.createElementNS('http://www.w3.org/2000/svg', tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    return el;
  }

  function drawChart(points, players) {
    const chart = document.getElementById('chart');
    chart.replaceChildren();
    if (points.length < 2) return;
    const W = 600, H = 260, L = 44, R = 120, T = 14, B = 30;
    const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: 'img', id: 'equity-chart' });
    root.appendChild(svg('title')).textContent = 'equity street by street';
    const x = (k) => L + (k * (W - L - R)) / (points.length - 1);
    const y = (e) => T + (1 - e) * (H - T - B);
    for (const e of [0, 0.25, 0.5, 0.75, 1]) {
      root.appendChild(svg('line', { x1: L, x2: W - R, y1: y(e), y2: y(e), class: 'grid' }));
      const t = root.appendChild(svg('text', { x: L - 6, y: y(e) + 4, 'text-anchor': 'end', class: 'axis' }));
      t.textContent = 100 * e + '%';
    }
    points.forEach((p, k) => {
      const t = root.appendChild(svg('text', { x: x(k), y: H - 8, 'text-anchor': 'middle', class: 'axis' }));
      t.textContent = p.label;
    });
    for (let i = 0; i < players; i++) {
      const colour = COLOURS[i % COLOURS.length];
      const known = points.map((p, k) => [k, p.data ? p.data.players[i].equity : null]).filter(([, e]) => e !== null);
      root.appendChild(svg('polyline', {
        points: known.map(([k, e]) => `${x(k)},${y(e)}`).join(' '),
        fill: 'none', stroke: colour, 'stroke-width': 2, class: 'series', 'data-player': i,
      }));
      for (const [k, e] of known) {
        const dot = root.appendChild(svg('circle', { cx: x(k), cy: y(e), r: 3.5, fill: colour, 'data-player': i, 'data-street': k, 'data-value': e }));
        dot.appendChild(svg('title')).textContent = `player ${i + 1}, ${points[k].label}: ${S.percent(e)}`;
      }
      const legend = root.appendChild(svg('text', { x: W - R + 10, y: T + 14 + 16 * i, fill: colour, class: 'legend' }));
      legend.textContent = 'player ' + (i + 1);
    }
    chart.appendChild(root);
  }

  async function chart(q, last, signal) {
    const streets = streetQuestions(q);
    if (streets.length < 2) {
      drawChart([], 0);
      return;
    }
    const points = streets.map((s) => ({ label: s.label, data: null }));
    points[points.length - 1].data = last;
    drawChart(points, q.players.length);
    for (let k = 0; k < streets.length - 1; k++) {
      try {
        points[k].data = await S.post('/api/equity', streets[k].question, signal);
      } catch (e) {
        if (signal.aborted) return;
        points[k].data = null; // a street the server will not count (too slow): left out
      }
      drawChart(points, q.players.length);
    }
  }

  async function compute() {
    if (running) running.abort();
    running = new AbortController();
    const signal = running.signal;
    const q = question();
    toURL();
    S.message(messageBox, 'computing\u2026', 'busy');
    form.setAttribute('aria-busy', 'true');
    try {
      const data = await S.post('/api/equity', q, signal);
      S.message(messageBox, '');
      show(data);
      form.removeAttribute('aria-busy');
      document.body.dataset.answered = String(Number(document.body.dataset.answered || 0) + 1);
      await chart(q, data, signal);
    } catch (e) {
      if (signal.aborted) return;
      form.removeAttribute('aria-busy');
      answer.hidden = true;
      S.message(messageBox, e.message);
      document.body.dataset.answered = String(Number(document.body.dataset.answered || 0) + 1);
    }
  }

  // ---------------------------------------------------------------- wiring

  form.addEventListener('focusin', (event) => {
    if (event.target.classList.contains('cards-field')) setTarget(event.target);
  });
  form.addEventListener('input', refresh);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    compute();
  });
  addButton.addEventListener('click', () => addPlayer());
  document.getElementById('clear').addEventListener('click', () => {
    for (const f of fields()) f.value = '';
    answer.hidden = true;
    S.message(messageBox, '');
    refresh();
  });
  gameSelect.addEventListener('change', () => {
    applyGame();
    refresh();
  });

  buildPicker();
  const asked = fromURL();
  applyGame();
  setTarget(rows()[0].querySelector('.down'));
  refresh();
  if (asked) compute();
})();
