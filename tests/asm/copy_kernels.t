#!/usr/bin/perl
# copy_kernels.t — static checks of the copy suite's code objects, per arch.
#
# Each copy_<total>_<unroll>_<loops>_<wi>.co is disassembled and its
# instruction stream is executed symbolically: the few scalar instructions
# that steer the copy (s_mov/s_add/s_sub/s_cmp/s_cbranch on literal values),
# the vector-memory queue (gfx9: loads and stores retire in issue order, vmcnt
# counts both) and s_waitcnt. Then, independently of copy.s's own arithmetic:
#   - no store reads a VGPR quad whose load may not have returned (RAW hazard);
#   - every vmcnt before a store is exact: it equals the number of VMEM
#     instructions issued after the load being stored (no over-waiting);
#   - each store writes the step it loaded (same byte offset), and the stores
#     cover the 1 MiB exactly once;
#   - the name matches the code: <unroll> leading loads with no wait (§1),
#     <total> stores, step = <wi>*16 bytes, metadata .max_flat_workgroup_size
#     = <wi>, 16 bytes of kernarg, target = the arch.
# The test-only copy_broken_* object must be caught by the hazard check (so
# this test can fail). copy_hip.co must be a plain ELF with the three HIP
# reference kernels.
use strict;
use warnings;
use Test::More;
use FindBin;
use lib "$FindBin::Bin/../e2e/lib";
use GcnlabSuite;

my $build = build_dir();
my $llvm = llvm_bin();
my $objdump = "$llvm/llvm-objdump";
my $readelf = "$llvm/llvm-readelf";
plan skip_all => "no LLVM tools ($objdump)" unless -x $objdump;

# The suite as the study defines it: (work-items, unroll factors).
my @suite;
for my $cfg ([256, [2, 4, 8, 16]], [512, [2, 4, 8, 16]], [1024, [2, 4, 8]]) {
	my ($wi, $unrolls) = @$cfg;
	my $total = (1 << 20) / ($wi * 16);
	push @suite, "copy_${total}_${_}_" . ($total / $_) . "_$wi" for @$unrolls;
}

# The standard output of a command, or undef if it failed.
sub slurp_cmd {
	my ($out, $rc) = run_cmd({ stderr => 'null' }, @_);
	return $rc ? undef : $out;
}

# Disassemble into [{addr, mnem, ops, target}] (target: branch destination).
sub disasm {
	my ($arch, $co) = @_;
	my $text = slurp_cmd($objdump, '-d', "--mcpu=$arch", $co) // return;
	my (@ins, $base);
	for (split /\n/, $text) {
		if (/^([0-9a-f]+) <([^>]+)>:/) { $base = hex $1; next; }
		next unless /^\s+(\S+)\s*(.*?)\s*\/\/ ([0-9A-F]+):/;
		my ($mnem, $ops, $addr) = ($1, $2, hex $3);
		my $tgt;
		$tgt = $base + hex($1) if /<[^>+]+\+0x([0-9a-f]+)>/;
		push @ins, { addr => $addr, mnem => $mnem, ops => $ops, target => $tgt };
	}
	return \@ins;
}

sub num { my $v = shift; return $v =~ /^0x/i ? hex $v : $v; }

# Run the stream; returns a hash of findings.
sub simulate {
	my ($ins) = @_;
	my %idx = map { $ins->[$_]{addr} => $_ } 0 .. $#$ins;
	my (%s, $scc);            # known SGPR values
	my @vmq;                  # outstanding VMEM ops: {kind, quad, seq}
	my %quad;                 # quad first VGPR -> {pending load seq, offset}
	my $seq = 0;              # VMEM ops issued so far
	my %r = (errors => [], stores => {}, nstores => 0, lead_loads => 0,
		max_vmcnt => 0, waits => 0, steps => {});
	my ($pending_wait, $seen_wait) = (undef, 0);
	my $pc = 0;
	my $budget = 1_000_000;
	while ($pc <= $#$ins && $budget--) {
		my $i = $ins->[$pc];
		my ($m, $o) = ($i->{mnem}, $i->{ops});
		my $next = $pc + 1;
		my $where = sprintf '0x%x', $i->{addr};
		if ($m eq 's_endpgm') {
			last;
		} elsif ($m eq 's_mov_b32' && $o =~ /^s(\d+), (-?(?:0x[0-9a-f]+|\d+))$/i) {
			$s{$1} = num($2);
		} elsif ($m =~ /^s_(add|sub)_u32$/ && $o =~ /^s(\d+), s(\d+), (0x[0-9a-f]+|\d+)$/i) {
			if (defined $s{$2}) {
				$s{$1} = $m eq 's_add_u32' ? $s{$2} + num($3) : $s{$2} - num($3);
			} else {
				delete $s{$1};
			}
		} elsif ($m eq 's_cmp_lg_u32' && $o =~ /^s(\d+), (\d+)$/) {
			$scc = defined $s{$1} ? ($s{$1} != $2) : undef;
		} elsif ($m eq 's_cbranch_scc1') {
			defined $scc or do { push @{$r{errors}}, "$where: branch on unknown scc"; last };
			$next = $idx{$i->{target}} if $scc;
		} elsif ($m eq 's_waitcnt') {
			if ($o =~ /vmcnt\((\d+)\)/) {
				my $n = $1;
				$r{waits}++;
				$r{max_vmcnt} = $n if $n > $r{max_vmcnt};
				while (@vmq > $n) {
					my $op = shift @vmq;
					delete $quad{$op->{quad}}{pending}
						if $op->{kind} eq 'load' && ($quad{$op->{quad}}{pending} // -1) == $op->{seq};
				}
				$pending_wait = { n => $n, seq => $seq, where => $where };
				$seen_wait = 1;
			}
		} elsif ($m =~ /^buffer_(load|store)_dwordx4$/) {
			my $kind = $1;
			$o =~ /^v\[(\d+):(\d+)\], v\d+, s\[\d+:\d+\], s(\d+) offen/
				or do { push @{$r{errors}}, "$where: unexpected operands '$o'"; last };
			my ($q, $soff) = ($1, $s{$3});
			defined $soff or do { push @{$r{errors}}, "$where: offset register s$3 unknown"; last };
			if ($kind eq 'load') {
				$r{lead_loads}++ unless $seen_wait;
				$r{steps}{$soff} = 1;
				$quad{$q} = { pending => $seq, offset => $soff, load_seq => $seq };
			} else {
				my $src = $quad{$q};
				if (!$src) {
					push @{$r{errors}}, "$where: store of v[$q:..] that no load filled";
				} else {
					push @{$r{errors}}, "$where: store reads v[$q:" . ($q + 3) .
						"] while its load (VMEM op #$src->{load_seq}) may not have returned"
						if defined $src->{pending};
					push @{$r{errors}}, "$where: stores offset $soff the data of offset $src->{offset}"
						if $src->{offset} != $soff;
					if ($pending_wait && $pending_wait->{seq} == $seq) {
						my $exact = $seq - 1 - $src->{load_seq};
						push @{$r{errors}}, "$pending_wait->{where}: vmcnt($pending_wait->{n}) "
							. "before this store, exact value is $exact"
							if $pending_wait->{n} != $exact;
					}
				}
				push @{$r{errors}}, "$where: offset $soff stored twice" if $r{stores}{$soff}++;
				$r{nstores}++;
			}
			push @vmq, { kind => $kind, quad => $q, seq => $seq };
			$seq++;
		}
		$pc = $next;
	}
	push @{$r{errors}}, 'no s_endpgm reached (budget)' if $budget <= 0;
	return \%r;
}

sub metadata {
	my ($co) = @_;
	my $notes = slurp_cmd($readelf, '--notes', $co) // '';
	my @k;
	for my $blk (split /\n  - /, $notes) {
		my %h;
		$h{$1} = $2 while $blk =~ /^\s+\.(name|max_flat_workgroup_size|kernarg_segment_size):\s+(\S+)$/mg;
		push @k, \%h if $h{max_flat_workgroup_size};
	}
	my ($target) = $notes =~ /amdhsa\.target:\s+(\S+)/;
	return (\@k, $target // '');
}

for my $arch (qw(gfx900 gfx90a gfx942)) {
	my $dir = "$build/$arch";
	my @have = sort map { m{/([^/]+)\.co$} } glob("$dir/copy_*.co");
	my @want = sort(@suite, (map { "${_}_hip" } @suite), 'copy_hip');
	is_deeply(\@have, \@want, "$arch: the copy suite has the study's 11 asm kernels, their 11 HIP twins + copy_hip")
		or diag("have: @have");

	# The HIP twins (asm/copy/copy_study_hip.hip): one kernel each, named as
	# its asm twin + _hip, launch bound = work-items, 16-byte kernarg, and
	# every step's store waited for before the next load (the study's code).
	for my $name (@suite) {
		my $co = "$dir/${name}_hip.co";
		my ($total, $unroll, $loops, $wi) = $name =~ /^copy_(\d+)_(\d+)_(\d+)_(\d+)$/;
		my ($k, $target) = metadata($co);
		my $text = slurp_cmd($objdump, '-d', "--mcpu=$arch", $co) // '';
		my @ops = $text =~ /^\s+((?:global|flat|buffer)_(?:load|store)\S*|s_waitcnt\s+\S+)/mg;
		my $stores = grep { /_store/ } @ops;
		my $waited = () = join(' ', @ops) =~ /_store\S*\s+s_waitcnt\s+vmcnt\(0\)/g;
		ok(@$k == 1 && $k->[0]{name} eq "${name}_hip" && $k->[0]{max_flat_workgroup_size} == $wi &&
		   $k->[0]{kernarg_segment_size} == 16 && $target =~ /--\Q$arch\E$/ && $stores >= $unroll && $stores % $unroll == 0 &&
		   $waited == $stores,
		   "$arch ${name}_hip: one kernel, launch bound $wi, a multiple of $unroll stores per loop body, each waited for")
			or diag("kernels: " . join(', ', map { $_->{name} } @$k) . "; stores $stores, waited $waited");
	}

	for my $name (@suite) {
		my $co = "$dir/$name.co";
		my ($total, $unroll, $loops, $wi) = $name =~ /^copy_(\d+)_(\d+)_(\d+)_(\d+)$/;
		my @bad;
		my $ins = disasm($arch, $co);
		if (!$ins || !@$ins) {
			push @bad, "cannot disassemble $co";
		} else {
			my $r = simulate($ins);
			push @bad, @{$r->{errors}};
			push @bad, "$r->{lead_loads} loads before the first wait, want $unroll (section 1)"
				if $r->{lead_loads} != $unroll;
			push @bad, "$r->{nstores} stores, want $total" if $r->{nstores} != $total;
			my @off = sort { $a <=> $b } keys %{$r->{stores}};
			my @exp = map { $_ * $wi * 16 } 0 .. $total - 1;
			push @bad, "stored offsets are not 0, $wi*16, ... 1 MiB" unless "@off" eq "@exp";
			push @bad, "vmcnt $r->{max_vmcnt} > 63" if $r->{max_vmcnt} > 63;
			push @bad, "loops $loops != $total/$unroll" if $loops * $unroll != $total;
		}
		my ($k, $target) = metadata($co);
		push @bad, "metadata: want one kernel named $name" unless @$k == 1 && $k->[0]{name} eq $name;
		push @bad, "metadata: .max_flat_workgroup_size != $wi"
			unless @$k && $k->[0]{max_flat_workgroup_size} == $wi;
		push @bad, "metadata: .kernarg_segment_size != 16"
			unless @$k && $k->[0]{kernarg_segment_size} == 16;
		push @bad, "metadata: amdhsa.target '$target' is not $arch" unless $target =~ /--\Q$arch\E$/;
		ok(!@bad, "$arch $name: waits exact, no hazard, full copy") or diag(join("\n", @bad));
	}

	# The broken variant must be caught.
	my $broken = "$dir/test/copy_broken_256_4_64_256.co";
	my $ins = -e $broken ? disasm($arch, $broken) : undef;
	my $r = $ins ? simulate($ins) : { errors => [] };
	ok((grep { /may not have returned/ } @{$r->{errors}}),
		"$arch copy_broken_256_4_64_256: the too-large vmcnt is detected as a hazard")
		or diag($ins ? "no hazard found" : "missing $broken (make test-kernels)");

	# HIP references.
	my ($hk, $htarget) = metadata("$dir/copy_hip.co");
	my $hdr = slurp_cmd($readelf, '-h', "$dir/copy_hip.co") // '';
	my %mf = map { $_->{name} => $_->{max_flat_workgroup_size} } @$hk;
	ok($hdr =~ /DYN \(Shared object/ && $htarget =~ /--\Q$arch\E$/
		&& ($mf{copy_hip_256} // 0) == 256 && ($mf{copy_hip_512} // 0) == 512
		&& ($mf{copy_hip_1024} // 0) == 1024 && (grep { $_->{kernarg_segment_size} != 16 } @$hk) == 0,
		"$arch copy_hip.co: plain ELF, three kernels with launch bounds 256/512/1024, 16-byte kernarg")
		or diag("target '$htarget', kernels: " . join(', ', map { "$_=$mf{$_}" } sort keys %mf));
}

done_testing();
