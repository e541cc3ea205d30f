/*
 * Sets the colour scheme on <html> before anything draws, so a dark page never flashes light.
 * A file of its own because the Content-Security-Policy forbids inline scripts (Mantine's own
 * pre-render script is inline). It reads the header switch's choice where Mantine keeps it
 * (localStorage 'settle-color-scheme': light, dark or auto), else the system's setting.
 */
(() => {
  var root = document.documentElement;
  var system = window.matchMedia('(prefers-color-scheme: dark)');
  function choice() {
    try {
      return window.localStorage.getItem('settle-color-scheme');
    } catch (_blocked) {
      return null;
    }
  }
  function apply() {
    var chosen = choice();
    var scheme = chosen === 'light' || chosen === 'dark' ? chosen : system.matches ? 'dark' : 'light';
    root.setAttribute('data-mantine-color-scheme', scheme);
  }
  apply();
  // The sign-in pages run without Mantine: they follow a change of the system setting from here.
  system.addEventListener('change', apply);
})();
