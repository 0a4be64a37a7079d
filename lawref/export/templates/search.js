/* lawref offline search: reads window.LAWREF_INDEX (search-index.js), needs no server and no network.
   A word matches its forms (the corpus's forms table), a word starting with what was typed, or a cite (62B, 62В). */
(function () {
  "use strict";
  var data = window.LAWREF_INDEX;
  var api = window.LAWREF_API;  /* set by `lawref serve`: ask the HTTP API instead */
  var box = document.getElementById("q");
  var out = document.getElementById("results");
  if ((!data && !api) || !box || !out) { return; }
  var root = document.body.getAttribute("data-root") || "";
  if (api) { served(); return; }
  var LOOK = { "А": "A", "В": "B", "С": "C", "Е": "E", "Н": "H", "К": "K", "М": "M", "О": "O", "Р": "P",
               "Т": "T", "Х": "X", "У": "Y" };
  var nodes = data.nodes.map(function (n) {
    return { n: n, words: n.w.split(" "), set: new Set(n.w.split(" ")), text: fold(n.x || ""),
             head: fold((n.t || "") + " " + (n.l || "")) };
  });

  function fold(s) { return s.toLowerCase().replace(/ё/g, "е"); }
  function tokens(s) { return fold(s).match(/[0-9a-zа-я]+/g) || []; }

  function cite(q) {
    var s = q.trim().replace(/^(правил[оау]|law|пункт|п\.)\s*/i, "").replace(/[\s.]+$/, "").replace(/\s+/g, "");
    var up = s.split("").map(function (c) { return LOOK[c.toUpperCase()] || c; }).join("").toUpperCase();
    return data.cites[up] ? up : null;
  }

  function score(item, tok) {
    if (item.set.has(tok)) { return 3; }
    var lemmas = data.forms[tok] || [];
    for (var i = 0; i < lemmas.length; i++) { if (item.set.has(lemmas[i])) { return 3; } }
    var stem = tok.length > 5 ? tok.slice(0, tok.length - 2) : tok;
    if (tok.length < 3) { return 0; }
    for (var k = 0; k < item.words.length; k++) {
      if (item.words[k].lastIndexOf(tok, 0) === 0) { return 2; }
      if (item.words[k].lastIndexOf(stem, 0) === 0) { return 1; }
    }
    return 0;
  }

  function search(q) {
    var found = [];
    var c = cite(q);
    var phrases = (q.match(/"[^"]+"/g) || []).map(function (p) { return fold(p.slice(1, -1)).trim(); });
    var toks = tokens(q.replace(/"[^"]+"/g, " "));
    nodes.forEach(function (item, order) {
      if (c && item.n.c && item.n.c.toUpperCase() === c) { found.push({ item: item, s: 1e6, o: order }); return; }
      if (!toks.length && !phrases.length) { return; }
      var total = 0;
      for (var i = 0; i < toks.length; i++) {
        var s = score(item, toks[i]);
        if (!s) { return; }
        total += s + (item.head.indexOf(toks[i]) >= 0 ? 2 : 0);
      }
      for (var p = 0; p < phrases.length; p++) {
        if (item.text.indexOf(phrases[p]) < 0) { return; }
        total += 5;
      }
      found.push({ item: item, s: total, o: order });
    });
    found.sort(function (a, b) { return b.s - a.s || a.o - b.o; });
    return { hits: found.slice(0, 30), total: found.length, toks: toks.concat(phrases) };
  }

  function snippet(item, toks) {  /* { s: text, m: [[start, end)…] }: the words that start with a typed word's stem marked */
    var text = item.n.x || "", low = item.text, at = -1;
    var stems = toks.map(function (t) { return t.slice(0, Math.max(3, t.length - 2)); });
    for (var i = 0; i < stems.length && at < 0; i++) { at = low.indexOf(stems[i]); }
    var start = Math.max(0, at - 60);
    if (start > 0) { var space = text.indexOf(" ", start); start = space >= 0 && space < at ? space + 1 : start; }
    var lead = start > 0 ? "…" : "", body = text.slice(start, start + 200), spans = [];
    var word = /[0-9a-zа-яё]+/gi, w;
    while ((w = word.exec(body)) !== null) {
      var f = fold(w[0]);
      if (stems.some(function (st) { return f.lastIndexOf(st, 0) === 0; })) {
        var from = Array.from(lead + body.slice(0, w.index)).length;
        spans.push([from, from + Array.from(w[0]).length]);
      }
    }
    return { s: lead + body + (text.length > start + 200 ? "…" : ""), m: spans };
  }

  var SMALL = /^(the|and|for|from|with|what|when|does|can|how|are|was|who|its|into|after|before)$/;
  function englishWords(s) {  /* 3+ letters, a possessive's 's dropped, small words aside */
    return (s.toLowerCase().replace(/['’]s\b/g, "").match(/[a-z]{3,}/g) || []).filter(function (w) { return !SMALL.test(w); });
  }
  function absent(q) {  /* laws the corpus lacks: a number (27), or every word of two or more in their titles
                           (insufficient bid; lead out of turn: 53, 54, 55, 56), closest first, at most 5 */
    var num = q.trim().replace(/^(правил[оау]|law)\s*/i, "").replace(/[\s.]+$/, "");
    if (!data.absent) { return []; }
    if (/^\d+$/.test(num)) { return data.absent[num] ? [num] : []; }
    var words = englishWords(q);
    if (words.length < 2 || /[а-яё]/i.test(q)) { return []; }
    var named = [];
    Object.keys(data.absent).forEach(function (law, order) {
      var title = englishWords(data.absent[law]);
      var shared = words.filter(function (w) {
        return title.some(function (t) { return t.slice(0, 4) === w.slice(0, 4); });  /* a stem's start: claims, claim */
      }).length;
      if (shared === words.length) { named.push([shared / Math.max(words.length, title.length), order, law]); }
    });
    named.sort(function (a, b) { return b[0] - a[0] || a[1] - b[1]; });
    return named.slice(0, 5).map(function (n) { return n[2]; });
  }

  function show(q) {
    while (out.firstChild) { out.removeChild(out.firstChild); }
    if (!q.trim()) { out.hidden = true; return; }
    var r = search(q);
    out.hidden = false;
    absent(q).forEach(function (gone) {  /* a law of the edition the corpus lacks: say so, with its title */
      var line = document.createElement("p");
      line.textContent = gone + " — " + out.getAttribute("data-absent") + ": " + data.absent[gone];
      out.appendChild(line);
    });
    if (!r.hits.length) {
      var none = document.createElement("p");
      none.textContent = out.getAttribute("data-nothing");
      out.appendChild(none);
      return;
    }
    var list = document.createElement("ol");
    r.hits.forEach(function (h) {
      var li = document.createElement("li"), a = document.createElement("a"), p = document.createElement("p");
      a.href = root + h.item.n.u;
      a.textContent = h.item.n.l + (h.item.n.t && h.item.n.l.indexOf(h.item.n.t) < 0 ? " — " + h.item.n.t : "");
      var cut = snippet(h.item, r.toks);
      marked(p, cut.s, cut.m);
      li.appendChild(a); li.appendChild(p); list.appendChild(li);
    });
    out.appendChild(list);
    if (r.total > r.hits.length) {
      var more = document.createElement("p");
      more.textContent = "… " + (r.total - r.hits.length);
      out.appendChild(more);
    }
  }

  function list(items, total) {
    while (out.firstChild) { out.removeChild(out.firstChild); }
    out.hidden = false;
    if (!items.length) {
      var none = document.createElement("p");
      none.textContent = out.getAttribute("data-nothing");
      out.appendChild(none);
      return;
    }
    var ol = document.createElement("ol");
    items.forEach(function (h) {
      var li = document.createElement("li"), a = document.createElement("a"), p = document.createElement("p");
      a.href = root + h.u;
      a.textContent = h.l;
      marked(p, h.s || "", h.m);
      li.appendChild(a); li.appendChild(p); ol.appendChild(li);
    });
    out.appendChild(ol);
    if (total > items.length) {
      var more = document.createElement("p");
      more.textContent = "… " + (total - items.length);
      out.appendChild(more);
    }
  }

  function marked(el, text, spans) {  /* spans: [[start, end)…] in code points (the API's "highlights"): <mark>, as text nodes (never HTML) */
    var chars = Array.from(text), pos = 0;
    (spans || []).forEach(function (span) {
      if (span[0] > pos) { el.appendChild(document.createTextNode(chars.slice(pos, span[0]).join(""))); }
      var m = document.createElement("mark");
      m.textContent = chars.slice(span[0], span[1]).join("");
      el.appendChild(m);
      pos = span[1];
    });
    if (pos < chars.length) { el.appendChild(document.createTextNode(chars.slice(pos).join(""))); }
  }

  function served() {
    var asked = 0;
    function ask(q) {
      var mine = ++asked;
      if (!q.trim()) { out.hidden = true; return; }
      fetch(root + api + "search?limit=30&q=" + encodeURIComponent(q)).then(function (r) {
        return r.ok ? r.json() : { results: [] };
      }).then(function (d) {
        if (mine !== asked) { return; }
        list(d.results.map(function (h) {
          var extra = h.title && h.label.indexOf(h.title) < 0 ? " — " + h.title : "";
          return { u: h.url, l: h.label + extra, s: h.snippet, m: h.highlights };
        }), d.results.length);
        if (d.absent) {  /* laws of the edition the corpus lacks: said first, as the offline reader does */
          [d.absent].concat(d.absent.also || []).reverse().forEach(function (gone) {
            var line = document.createElement("p");
            line.textContent = gone.cite + " — " + out.getAttribute("data-absent") + ": " + gone.title_en;
            out.insertBefore(line, out.firstChild);
          });
        }
      });
    }
    var timer = null;
    box.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(function () { ask(box.value); }, 150); });
    box.form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      fetch(root + api + "resolve?cite=" + encodeURIComponent(box.value)).then(function (r) { return r.json(); })
        .then(function (d) {
          var hit = d.resolved && d.resolved[0];
          if (hit && hit.status === "exact" && hit.id) { window.location.href = root + "law/" + encodeURIComponent(hit.cite); }
          else { ask(box.value); }
        });
    });
    var first = new URLSearchParams(window.location.search).get("q");
    if (first) { box.value = first; ask(first); }
  }

  box.addEventListener("input", function () { show(box.value); });
  box.form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    var c = cite(box.value);
    if (c) { window.location.href = root + data.cites[c]; return; }
    show(box.value);  /* not a cite the corpus holds: the hits, and what the edition calls it */
  });
  var asked = new URLSearchParams(window.location.search).get("q");
  if (asked) { box.value = asked; show(asked); }
}());
