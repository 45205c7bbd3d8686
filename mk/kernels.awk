# kernels.awk — read the `gcnlab:` header lines of kernel sources (asm/**/*.s,
# asm/**/*.hip) and print what the Makefile needs. Header syntax (in a comment,
# anywhere in the file, one directive per line):
#
#   // gcnlab: archs gfx90a gfx942 -- <reason the others cannot have it>
#   // gcnlab: variant <name> SYM=VAL ...        (one code object per line)
#   // gcnlab: test-variant <name> SYM=VAL ...   (built for the tests only)
#
# A file without variant lines gives one code object named after the file.
# SYM=VAL become --defsym SYM=VAL (.s) or -DSYM=VAL (.hip).
#
# mode=records: one line per code object,
#     name|source|kind|archs|defs|named
#   kind suite or test; archs ':'-separated or "all"; defs ':'-separated or "-"
#   (no commas: the fields pass through make's $(call));
#   named 1 when <name> came from a variant line (the build then checks that
#   the object defines <name>.kd).
# mode=skips (with arch=gfxNNN): "skip <source> on <arch>: <reason>" lines.
# known: the processors, space-separated (make passes $(ARCHS), the rows of
# common/gcn_proc.c); an `archs` line may name only those.
# Errors (unknown directive, bad arch, duplicate name) go to stderr as
# file:line and a record "!error" so that make stops.

BEGIN {
	nknown = split(known, kn, /[ \t]+/)
	for (i = 1; i <= nknown; i++)
		if (kn[i] != "")
			is_known[kn[i]] = 1
}

function fail(msg) {
	printf "%s:%d: gcnlab header: %s\n", FILENAME, FNR, msg > "/dev/stderr"
	print "!error"
	bad = 1
}

function flush_file(   i, base) {
	if (cur == "")
		return
	if (nvar == 0) {
		base = cur
		sub(/^.*\//, "", base)
		sub(/\.[^.]*$/, "", base)
		emit(base, "suite", "-", 0)
	}
	for (i = 1; i <= nvar; i++)
		emit(vname[i], vkind[i], vdefs[i], 1)
	if (mode == "skips" && archs != "all" && index(":" archs ":", ":" arch ":") == 0)
		printf "skip %s on %s: %s\n", cur, arch, (reason != "" ? reason : "not built for this arch")
}

function emit(name, kind, defs, named) {
	if (name in seen) {
		printf "%s: gcnlab header: code object name '%s' is also produced by %s\n",
			cur, name, seen[name] > "/dev/stderr"
		print "!error"
		bad = 1
		return
	}
	seen[name] = cur
	if (mode == "records")
		printf "%s|%s|%s|%s|%s|%d\n", name, cur, kind, archs, defs, named
}

FNR == 1 {
	flush_file()
	cur = FILENAME
	nvar = 0
	archs = "all"
	reason = ""
}

/^[ \t]*(\/\/|;|#)[ \t]*gcnlab:/ {
	line = $0
	sub(/^[ \t]*(\/\/|;|#)[ \t]*gcnlab:[ \t]*/, "", line)
	n = split(line, w, /[ \t]+/)
	if (w[1] == "archs") {
		archs = ""
		for (i = 2; i <= n && w[i] != "--"; i++) {
			if (!(w[i] in is_known)) {
				fail("unknown arch '" w[i] "' (" (known == "" ? "no processor list: run through make" : known) ")")
				next
			}
			archs = archs (archs == "" ? "" : ":") w[i]
		}
		if (archs == "") {
			fail("'archs' needs at least one arch")
			next
		}
		reason = ""
		for (i++; i <= n; i++)
			reason = reason (reason == "" ? "" : " ") w[i]
	} else if (w[1] == "variant" || w[1] == "test-variant") {
		if (n < 2 || w[2] !~ /^[A-Za-z_][A-Za-z0-9_]*$/) {
			fail("'" w[1] "' needs a kernel name")
			next
		}
		defs = ""
		for (i = 3; i <= n; i++) {
			if (w[i] !~ /^[A-Za-z_][A-Za-z0-9_]*=[-0-9A-Za-z_x]+$/) {
				fail("'" w[i] "' is not SYM=VALUE")
				next
			}
			defs = defs (defs == "" ? "" : ":") w[i]
		}
		nvar++
		vname[nvar] = w[2]
		vkind[nvar] = (w[1] == "variant" ? "suite" : "test")
		vdefs[nvar] = (defs == "" ? "-" : defs)
	} else {
		fail("unknown directive '" w[1] "' (archs, variant, test-variant)")
	}
}

END {
	flush_file()
	exit bad
}
