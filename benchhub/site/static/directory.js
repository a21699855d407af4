// The directory's search and filters: reads window.BENCHHUB_INDEX (data/index.js), renders rows.
// Works from file:// (no fetch) and over HTTP. Without this script the page still lists the
// most-scored benchmarks and links to the per-initial listings.
(function () {
  "use strict";
  var data = window.BENCHHUB_INDEX;
  var form = document.getElementById("filters");
  var body = document.getElementById("rows");
  var count = document.getElementById("count");
  var more = document.getElementById("more");
  if (!data || !form || !body) return;

  var F = {};
  data.fields.forEach(function (name, i) { F[name] = i; });
  var PAGE = 100;
  var shown = PAGE;
  var matches = [];
  var haystacks = data.rows.map(function (r) {
    return [r[F.id], r[F.name], r[F.aliases].join(" "), r[F.description]].join(" ").toLowerCase();
  });
  var byName = data.rows.map(function (_, i) { return i; }).sort(function (a, b) {
    var x = data.rows[a][F.name].toLowerCase(), y = data.rows[b][F.name].toLowerCase();
    return x < y ? -1 : x > y ? 1 : 0;
  });

  function state() {
    var licence = form.license.value;
    return {
      words: form.q.value.toLowerCase().split(/\s+/).filter(Boolean),
      axis: data.axes.indexOf(form.axis.value),
      tier: data.tiers.indexOf(form.tier.value),
      licence: licence === "*" || licence === "-" ? licence : data.licenses.indexOf(licence),
      anyLicence: licence === "",
      harbor: form.harbor.checked,
      sort: form.sort.value
    };
  }

  function keep(s, i) {
    var r = data.rows[i];
    if (s.axis >= 0 && r[F.axes].indexOf(s.axis) < 0) return false;
    if (s.tier >= 0 && r[F.tier] !== s.tier) return false;
    if (s.harbor && !r[F.harbor_runnable]) return false;
    if (!s.anyLicence) {
      var lic = r[F.license];
      if (s.licence === "*" ? lic < 0 : s.licence === "-" ? lic >= 0 : lic !== s.licence) return false;
    }
    for (var w = 0; w < s.words.length; w++) {
      if (haystacks[i].indexOf(s.words[w]) < 0) return false;
    }
    return true;
  }

  function cell(row, text, className) {
    var td = row.insertCell();
    td.textContent = text;
    if (className) td.className = className;
    return td;
  }

  function rowFor(r) {
    var tr = document.createElement("tr");
    var first = tr.insertCell();
    var a = document.createElement("a");
    a.href = "benchmarks/" + r[F.id] + ".html";
    a.textContent = r[F.name];
    first.appendChild(a);
    if (r[F.description]) {
      var p = document.createElement("p");
      p.className = "d";
      p.textContent = r[F.description];
      first.appendChild(p);
    }
    var tier = data.tiers[r[F.tier]];
    var badge = document.createElement("span");
    badge.className = "tier " + tier;
    badge.textContent = tier;
    tr.insertCell().appendChild(badge);
    cell(tr, r[F.axes].map(function (k) { return data.axes[k]; }).join(", "));
    cell(tr, r[F.license] >= 0 ? data.licenses[r[F.license]] : "—");
    cell(tr, r[F.harbor_runnable] ? "yes" : "no");
    cell(tr, String(r[F.n_scores]), "n");
    return tr;
  }

  function render() {
    var rows = document.createDocumentFragment();
    matches.slice(0, shown).forEach(function (i) { rows.appendChild(rowFor(data.rows[i])); });
    body.replaceChildren(rows);
    var n = Math.min(shown, matches.length);
    count.textContent = matches.length + " of " + data.rows.length + " benchmarks match" +
      (n < matches.length ? "; showing the first " + n + "." : ".");
    more.hidden = n >= matches.length;
  }

  function update() {
    var s = state();
    var order = s.sort === "name" ? byName : data.rows.map(function (_, i) { return i; });
    matches = order.filter(function (i) { return keep(s, i); });
    shown = PAGE;
    render();
  }

  // Start from the query string, so links such as index.html?tier=verified open filtered.
  new URLSearchParams(window.location.search).forEach(function (value, key) {
    var field = form.elements[key];
    if (!field) return;
    if (field.type === "checkbox") field.checked = value === field.value;
    else field.value = value;
  });
  form.addEventListener("input", update);
  form.addEventListener("change", update);
  form.addEventListener("submit", function (event) { event.preventDefault(); update(); });
  more.addEventListener("click", function () { shown += PAGE; render(); });
  update();
})();
