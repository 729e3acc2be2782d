# web/wrap_fzstd.cmake - cmake -DIN=node_modules/fzstd/lib/index.js -DOUT=... -P wrap_fzstd.cmake
# Wraps fzstd's CommonJS build into `var smcalcFzstd = (function () { var exports = {}; ...; return exports; })();`
# for --pre-js of smcalc-api.js: a local of the module's factory, so it neither needs `require` nor touches
# `module.exports` or globals of the page or of node.
file(READ ${IN} body)
file(WRITE ${OUT} "// fzstd (npm package fzstd, MIT, https://github.com/101arrowz/fzstd), wrapped at build time by web/wrap_fzstd.cmake\nvar smcalcFzstd = (function () {\nvar exports = {};\n${body}\nreturn exports;\n})();\n")
