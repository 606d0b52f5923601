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

  function report(r) {
    const tr = document.createElement('tr');
    tr.dataset.file = r.file;
    tr.append(td(r.file), td(r.hands), td(r.added), td(r.already), td(r.refused),
      td(Object.entries(r.games).map(([g, n]) => g + ' ' + n).join(', ')));
    tr.children[2].className = 'added';
    table.querySelector('tbody').appendChild(tr);
    const notes = (r.error ? [r.file + ': ' + r.error] : []).concat(
      r.reasons.map((x) => `${r.file} line ${x.line}${x.hand ? ', hand ' + x.hand : ''}: ${x.reason}`));
    for (const n of notes) {
      const li = document.createElement('li');
      li.textContent = n;
      reasons.appendChild(li);
    }
    table.hidden = false;
  }

  // one request a file, one after the other: each file is bounded on its own
  async function send(files) {
    if (!files.length) return;
    table.querySelector('tbody').replaceChildren();
    reasons.replaceChildren();
    let added = 0;
    const failed = [];
    for (const [k, f] of files.entries()) {
      S.message(messageBox, `importing ${f.name} (${k + 1} of ${files.length})\u2026`, 'busy');
      const form = new FormData();
      form.append('files', f, f.name);
      try {
        const data = await S.post('/api/import', form);
        for (const r of data.files) {
          report(r);
          added += r.added;
        }
      } catch (e) {
        failed.push(f.name + ': ' + e.message);
      }
    }
    document.getElementById('next').hidden = false;
    if (failed.length) S.message(messageBox, failed.join('; '));
    else S.message(messageBox, added + ' hand(s) imported', 'ok');
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
