/// The web reader's one script, `/reader.js`: the reader works without it (links and forms),
/// it adds the keys, the next page loaded ahead, and the place stopped recorded on the server.
enum WebScript {
    static let reader = #"""
        "use strict";
        (function () {
            var reader = document.querySelector("main.reader");
            if (!reader) { return; }
            // The place stopped, as `ibook view` records it: `ibook history` shows it.
            if (reader.dataset.place) {
                var form = new URLSearchParams();
                form.set("page", reader.dataset.page);
                fetch(reader.dataset.place, { method: "POST", body: form, credentials: "same-origin" })
                    .then(function (answer) { document.body.dataset.placeSaved = answer.ok ? "yes" : "no " + answer.status; })
                    .catch(function () { document.body.dataset.placeSaved = "no"; });
            }
            // The next page at the width this one was chosen at: the browser picks from the same srcset.
            if (reader.dataset.nextSrcset) {
                var next = new Image();
                next.sizes = reader.dataset.sizes;
                next.srcset = reader.dataset.nextSrcset;
                window.ibookNextPage = next;
            }
            var keys = { ArrowRight: "next", ArrowLeft: "prev", n: "next", p: "prev", j: "next", k: "prev" };
            document.addEventListener("keydown", function (event) {
                if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) { return; }
                if (event.target.closest && event.target.closest("input, textarea, select, button")) { return; }
                var link = keys[event.key] && document.querySelector('a[rel="' + keys[event.key] + '"]');
                if (link) {
                    event.preventDefault();
                    window.location.href = link.href;
                }
            });
        })();

        """#
}
