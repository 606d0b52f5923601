// studeval: what every page shares -- the games, cards drawn as text, the API called.
'use strict';

const Studeval = (() => {
  const GAMES = JSON.parse(document.getElementById('games').textContent);
  const RANKS = 'AKQJT98765432';
  const SUITS = 'shdc';
  const SUIT_SIGNS = { s: '\u2660', h: '\u2665', d: '\u2666', c: '\u2663' };
  // a card as the command line writes it: rank then suit (10 for a ten too), any case
  const CARD = /(10|[2-9tjqka])([cdhs])/gi;

  function game(name) {
    return GAMES.find((g) => g.name === name) || GAMES[0];
  }

  // the cards named in a text (not those of a range in brackets), each as "As"
  function cardsIn(text) {
    const outside = String(text || '').replace(/\[[^\]]*\]?/g, ' ');
    const found = [];
    for (const m of outside.matchAll(CARD)) {
      const rank = m[1] === '10' ? 'T' : m[1].toUpperCase();
      found.push(rank + m[2].toLowerCase());
    }
    return found;
  }

  // the range part of a player's text ("[KK, QQ+]"), or ""
  function rangeOf(text) {
    const m = String(text || '').match(/\[[^\]]*\]/);
    return m ? m[0] : '';
  }

  // a card as a small element: "As" -> <span class="card s">A♠</span>; "??" a card face down
  function cardElement(text) {
    const span = document.createElement('span');
    if (!text || text === '??') {
      span.className = 'card back';
      span.textContent = '\u00a0\u00a0';
      span.title = 'face down';
      return span;
    }
    const suit = text.slice(-1).toLowerCase();
    span.className = 'card ' + suit;
    span.textContent = text.slice(0, -1).toUpperCase() + (SUIT_SIGNS[suit] || suit);
    span.dataset.card = text;
    return span;
  }

  function percent(x, digits = 2) {
    return x === null || x === undefined ? '-' : (100 * x).toFixed(digits) + '%';
  }

  // POST JSON (or a FormData) to the API: the answer, or an Error whose message is the API's
  async function post(url, body, signal) {
    const options = { method: 'POST', signal };
    if (body instanceof FormData) {
      options.body = body;
    } else {
      options.body = JSON.stringify(body);
      options.headers = { 'content-type': 'application/json' };
    }
    const response = await fetch(url, options);
    let data = null;
    try {
      data = await response.json();
    } catch (e) {
      throw new Error('the server answered ' + response.status + ' without JSON');
    }
    if (!response.ok) {
      const error = new Error(data && data.error ? data.error : 'the server answered ' + response.status);
      error.field = data && data.field;
      error.status = response.status;
      throw error;
    }
    return data;
  }

  async function get(url, signal) {
    const response = await fetch(url, { signal });
    const data = await response.json();
    if (!response.ok) {
      throw new Error(data && data.error ? data.error : 'the server answered ' + response.status);
    }
    return data;
  }

  function message(element, text, kind = 'error') {
    element.textContent = text || '';
    element.className = 'message' + (text ? ' ' + kind : '');
  }

  return { GAMES, RANKS, SUITS, game, cardsIn, rangeOf, cardElement, percent, post, get, message };
})();
