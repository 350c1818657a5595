/* Referee's small client: polling etiquette, the synced countdown, alarms and a few conveniences.
   No inline script anywhere (the Content-Security-Policy forbids it). */
(function () {
  "use strict";

  /* ---- server clock: offset estimated from the round trip with the smallest delay ---- */
  var offset = 0, bestRtt = Infinity;
  function sampleClock(times) {
    if (times <= 0) return;
    var t0 = Date.now();
    fetch("/api/time", {cache: "no-store"}).then(function (r) { return r.json(); }).then(function (data) {
      var t1 = Date.now(), rtt = t1 - t0;
      if (rtt <= bestRtt) { bestRtt = rtt; offset = data.now - (t0 + t1) / 2; }
      setTimeout(function () { sampleClock(times - 1); }, 150);
    }).catch(function () {});
  }
  function serverNow() { return Date.now() + offset; }
  window.refereeClock = {now: serverNow, offset: function () { return offset; }};

  /* ---- polling: only while visible, never over a field someone is typing in ---- */
  document.addEventListener("htmx:beforeRequest", function (e) {
    if (e.detail.elt.hasAttribute("data-poll") && document.hidden) e.preventDefault();
  });
  var lastEdit = 0;   // when this person last changed a field (a radio, a select, text) on the table
  document.addEventListener("input", function (e) { if (e.target.closest("#live")) lastEdit = Date.now(); });
  document.addEventListener("change", function (e) { if (e.target.closest("#live")) lastEdit = Date.now(); });
  document.addEventListener("htmx:beforeSwap", function (e) {
    if (!e.detail.requestConfig || !e.detail.requestConfig.elt.hasAttribute("data-poll")) {
      lastEdit = 0;      // this phone's own action answered: its choices were sent
      return;
    }
    var active = document.activeElement;
    var live = document.getElementById("live");
    var typing = active && live && live.contains(active) && /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName) &&
        active.type !== "hidden" && active.type !== "submit";
    if (typing || Date.now() - lastEdit < 15000) {
      e.detail.shouldSwap = false;   // a later poll brings the change; half-made choices are kept
    }
  });
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) { bestRtt = Infinity; sampleClock(3); }
  });

  /* ---- a swap keeps the sections a person had opened (host tools, options, the log) ---- */
  function detailsKey(el) {
    var summary = el.querySelector("summary");
    return el.id || (summary ? summary.textContent.replace(/\(\d+\)/g, "").trim() : "");
  }
  var openDetails = [];
  document.addEventListener("htmx:beforeSwap", function () {
    openDetails = [];
    document.querySelectorAll("#live details[open]").forEach(function (el) { openDetails.push(detailsKey(el)); });
  });
  document.addEventListener("htmx:afterSwap", function () {
    if (!openDetails.length) return;
    document.querySelectorAll("#live details").forEach(function (el) {
      if (openDetails.indexOf(detailsKey(el)) !== -1) el.open = true;
    });
  });

  /* ---- the countdown ---- */
  var audio = null, alarmed = {};
  function unlockSound() {
    if (audio) return;
    var Ctx = window.AudioContext || window.webkitAudioContext;
    if (Ctx) { audio = new Ctx(); }
    requestWakeLock();
  }
  function beep() {
    if (!audio) return;
    [0, 0.35, 0.7].forEach(function (at) {
      var osc = audio.createOscillator(), gain = audio.createGain();
      osc.frequency.value = 880; osc.connect(gain); gain.connect(audio.destination);
      gain.gain.setValueAtTime(0.3, audio.currentTime + at);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + at + 0.3);
      osc.start(audio.currentTime + at); osc.stop(audio.currentTime + at + 0.3);
    });
  }
  function remaining(el) {
    var d = +el.dataset.duration, started = el.dataset.started, paused = el.dataset.paused, elapsed = +el.dataset.elapsed;
    if (started === "") return d - elapsed;
    var end = paused !== "" ? +paused : serverNow();
    return Math.max(0, d - elapsed - Math.max(0, end - +started));
  }
  function show(el) {
    var ms = remaining(el), secs = Math.ceil(ms / 1000);
    var text = Math.floor(secs / 60) + ":" + String(secs % 60).padStart(2, "0");
    var clock = el.querySelector(".clock");
    if (clock.textContent !== text) clock.textContent = text;
    var running = el.dataset.started !== "" && el.dataset.paused === "";
    el.classList.toggle("running", running && ms > 0);
    el.classList.toggle("low", running && ms > 0 && ms <= 10000);
    var up = el.dataset.started !== "" && ms <= 0;
    el.classList.toggle("alarm", up);
    var announce = el.querySelector("[data-timer-announce]");
    if (up && !alarmed[el.dataset.started]) {
      alarmed[el.dataset.started] = true;
      if (announce) announce.textContent = "Time is up!";
      beep();
      if (navigator.vibrate) navigator.vibrate([300, 100, 300, 100, 300]);
    } else if (running && announce && secs % 10 === 0 && secs > 0 && announce.dataset.last !== String(secs)) {
      announce.dataset.last = String(secs); announce.textContent = secs + " seconds left";
    }
  }
  function tick() { document.querySelectorAll("[data-timer]").forEach(show); }
  setInterval(tick, 100);

  /* ---- keep the screen awake while a table is open ---- */
  var wakeLock = null;
  function requestWakeLock() {
    if (!("wakeLock" in navigator) || !document.getElementById("live") || wakeLock) return;
    navigator.wakeLock.request("screen").then(function (lock) {
      wakeLock = lock; lock.addEventListener("release", function () { wakeLock = null; });
    }).catch(function () {});
  }
  document.addEventListener("visibilitychange", function () { if (!document.hidden && audio) requestWakeLock(); });

  /* ---- conveniences ---- */
  document.addEventListener("click", function (e) {
    unlockSound();
    var target = e.target.closest("[data-confirm]");
    if (target && !window.confirm(target.dataset.confirm)) { e.preventDefault(); e.stopImmediatePropagation(); return; }
    var negate = e.target.closest("[data-negate]");
    if (negate) {
      var input = document.getElementById(negate.dataset.negate);
      var v = input.value.replace("\u2212", "-");
      input.value = v.charAt(0) === "-" ? v.slice(1) : "-" + v;
      input.focus();
    }
  }, true);
  document.addEventListener("change", function (e) {
    var form = e.target.closest("[data-autosubmit]");
    if (form && e.target.tagName === "SELECT") form.requestSubmit();
  });
  function decorate(root) {
    (root.querySelectorAll ? root : document).querySelectorAll("[data-colour]").forEach(function (el) {
      if (el.dataset.colour) el.style.backgroundColor = el.dataset.colour;
    });
    tick();
  }
  document.addEventListener("DOMContentLoaded", function () {
    decorate(document); sampleClock(5);
    setInterval(function () { bestRtt *= 1.5; sampleClock(1); }, 60000);
    if (window.htmx) window.htmx.onLoad(decorate);
  });
})();
