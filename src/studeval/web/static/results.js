// The results page: the statistics of the hand database (GET /api/results), the luck lines,
// the biggest pots and the all-ins, each linked to the replayer; the filters in the URL.
'use strict';

(() => {
  const S = Studeval;
  const form = document.getElementById('filters');
  const messageBox = document.getElementById('message');
  const report = document.getElementById('report');
  const analyseButton = document.getElementById('analyse');

  function td(text, attrs = {}) {
    const cell = document.createElement('td');
    cell.textContent = text === null || text === undefined ? '-' : text;
    for (const [k, v] of Object.entries(attrs)) cell.setAttribute(k, v);
    return cell;
  }

  function figure(value, percent) {
    if (value === null || value === undefined) return '-';
    if (typeof value !== 'number') return String(value);
    return percent ? value.toFixed(1) + '%' : Number.isInteger(value) ? String(value) : value.toFixed(2);
  }

  function params() {
    const p = new URLSearchParams();
    for (const [k, v] of new FormData(form)) if (String(v).trim()) p.set(k, String(v).trim());
    return p;
  }

  function fromURL() {
    const p = new URLSearchParams(location.search);
    for (const el of form.elements) if (el.name && p.has(el.name)) el.value = p.get(el.name);
  }

  function statsTable(data, by) {
    const table = document.getElementById('stats');
    const head = table.querySelector('thead tr');
    head.replaceChildren();
    const columns = [...by, 'hands', ...data.statistics.map((s) => s.name)];
    const titles = Object.fromEntries(data.statistics.map((s) => [s.name, s]));
    for (const c of columns) {
      const th = document.createElement('th');
      th.textContent = c.replace(/_/g, ' ');
      if (titles[c]) th.title = titles[c].text;
      head.appendChild(th);
    }
    const body = table.querySelector('tbody');
    body.replaceChildren();
    for (const row of data.stats) {
      const tr = document.createElement('tr');
      for (const c of columns) tr.appendChild(td(figure(row[c], titles[c] && titles[c].percent), { 'data-field': c }));
      body.appendChild(tr);
    }
    if (!data.stats.length) {
      const tr = document.createElement('tr');
      tr.appendChild(td('no hands match', { colspan: columns.length }));
      body.appendChild(tr);
    }
  }

  function handsTable(id, hands, last) {
    const body = document.querySelector('#' + id + ' tbody');
    body.replaceChildren();
    for (const h of hands) {
      const tr = document.createElement('tr');
      const link = document.createElement('a');
      link.href = '/replayer?hand=' + h.id;
      link.textContent = h.site + ' #' + h.number;
      const first = document.createElement('td');
      first.appendChild(link);
      tr.append(first, td(h.played_at ? h.played_at.replace('T', ' ') : '-'), td(h.game), td(h.stakes + ' ' + h.currency),
        td(h.players), td(h.pot_bb.toFixed(1)), td(last(h)));
      body.appendChild(tr);
    }
    if (!hands.length) {
      const tr = document.createElement('tr');
      tr.appendChild(td('none', { colspan: 7 }));
      body.appendChild(tr);
    }
  }

  function svg(tag, attrs = {}) {
    const el = document.createElementNS('http://www.w3.org/2000/svg', tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    return el;
  }

  function luckChart(luck) {
    const box = document.getElementById('luck');
    box.replaceChildren();
    if (!luck || luck.hands.length < 1) return;
    const h2 = document.createElement('h2');
    h2.textContent = `${luck.player}: won and luck-adjusted, big bets (luck ${luck.luck >= 0 ? '+' : ''}${luck.luck.toFixed(2)})`;
    box.appendChild(h2);
    const W = 640, H = 240, L = 50, R = 130, T = 12, B = 24;
    const all = luck.actual.concat(luck.expected, [0]);
    const lo = Math.min(...all), hi = Math.max(...all);
    const span = hi - lo || 1;
    const n = luck.hands.length;
    const x = (k) => L + (n === 1 ? 0 : (k * (W - L - R)) / (n - 1));
    const y = (v) => T + ((hi - v) / span) * (H - T - B);
    const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, width: W, height: H, id: 'luck-chart', role: 'img' });
    root.appendChild(svg('line', { x1: L, x2: W - R, y1: y(0), y2: y(0), class: 'grid' }));
    for (const v of [lo, 0, hi]) {
      const t = root.appendChild(svg('text', { x: L - 6, y: y(v) + 4, 'text-anchor': 'end', class: 'axis' }));
      t.textContent = v.toFixed(1);
    }
    const lines = [['actual', 'won', '#1f77b4'], ['expected', 'luck-adjusted', '#ff7f0e']];
    lines.forEach(([key, label, colour], k) => {
      root.appendChild(svg('polyline', {
        points: luck[key].map((v, i) => `${x(i)},${y(v)}`).join(' '),
        fill: 'none', stroke: colour, 'stroke-width': 2, 'data-line': key,
      }));
      const t = root.appendChild(svg('text', { x: W - R + 10, y: T + 14 + 16 * k, fill: colour, class: 'legend' }));
      t.textContent = label;
    });
    const t = root.appendChild(svg('text', { x: (W - R + L) / 2, y: H - 6, 'text-anchor': 'middle', class: 'axis' }));
    t.textContent = n + ' analysed hand(s)';
    box.appendChild(root);
  }

  async function show() {
    const p = params();
    history.replaceState(null, '', location.pathname + (p.toString() ? '?' + p : ''));
    S.message(messageBox, 'reading the database\u2026', 'busy');
    try {
      const data = await S.get('/api/results?' + p.toString());
      S.message(messageBox, '');
      statsTable(data, (p.get('by') || 'player,site').split(','));
      handsTable('biggest', data.biggest, (h) => (h.net_bb === null ? '-' : h.net_bb.toFixed(1)));
      handsTable('all-ins', data.all_ins, (h) => h.all_in_street);
      luckChart(data.luck);
      document.getElementById('counts').textContent = `${data.hands_in_db} hand(s) in the database, ${data.analysed} analysed`;
      analyseButton.hidden = data.analysed >= data.hands_in_db;
      report.hidden = false;
    } catch (e) {
      report.hidden = true;
      S.message(messageBox, e.message);
    }
    document.body.dataset.shown = String(Number(document.body.dataset.shown || 0) + 1);
  }

  async function analyse() {
    analyseButton.disabled = true;
    try {
      for (;;) {
        const r = await S.post('/api/analyse', {});
        S.message(messageBox, `analysed ${r.done}, ${r.left} left\u2026`, 'busy');
        if (!r.left || !r.done) break;
      }
    } catch (e) {
      S.message(messageBox, e.message);
    }
    analyseButton.disabled = false;
    show();
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    show();
  });
  analyseButton.addEventListener('click', analyse);
  fromURL();
  show();
})();
