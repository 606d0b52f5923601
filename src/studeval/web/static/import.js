// The import page: site files dropped or chosen go to POST /api/import; the report per file.
'use strict';

(() => {
  const S = Studeval;
  const drop = document.getElementById('drop');
  const input = document.getElementById('files');
  const messageBox = document.getElementById('message');
  const table = document.getElementById('reports');
  const reasons = document.getElementById('reasons');

  function td(text) {
    const cell = document.createElement('td');
    cell.textContent = text;
    return cell;
  }

  async function send(files) {
    if (!files.length) return;
    const form = new FormData();
    for (const f of files) form.append('files', f, f.name);
    S.message(messageBox, 'importing ' + files.length + ' file(s)\u2026', 'busy');
    try {
      const data = await S.post('/api/import', form);
      const body = table.querySelector('tbody');
      body.replaceChildren();
      reasons.replaceChildren();
      let added = 0;
      for (const r of data.files) {
        const tr = document.createElement('tr');
        tr.dataset.file = r.file;
        tr.append(td(r.file), td(r.hands), td(r.added), td(r.already), td(r.refused),
          td(Object.entries(r.games).map(([g, n]) => g + ' ' + n).join(', ')));
        tr.children[2].className = 'added';
        body.appendChild(tr);
        added += r.added;
        const notes = (r.error ? [r.file + ': ' + r.error] : []).concat(
          r.reasons.map((x) => `${r.file} line ${x.line}${x.hand ? ', hand ' + x.hand : ''}: ${x.reason}`));
        for (const n of notes) {
          const li = document.createElement('li');
          li.textContent = n;
          reasons.appendChild(li);
        }
      }
      table.hidden = false;
      document.getElementById('next').hidden = false;
      S.message(messageBox, added + ' hand(s) imported', 'ok');
    } catch (e) {
      S.message(messageBox, e.message);
    }
    document.body.dataset.imported = String(Number(document.body.dataset.imported || 0) + 1);
  }

  input.addEventListener('change', () => send(Array.from(input.files)));
  drop.addEventListener('dragover', (event) => {
    event.preventDefault();
    drop.classList.add('over');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (event) => {
    event.preventDefault();
    drop.classList.remove('over');
    send(Array.from(event.dataTransfer.files));
  });
})();
