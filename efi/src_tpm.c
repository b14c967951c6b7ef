/* SPDX-License-Identifier: MIT */
/*
 * The TPM 2.0: TPM2_GetRandom through EFI_TCG2_PROTOCOL.SubmitCommand (TCG
 * EFI Protocol Specification, section 6.6). No Linux boot path asks it
 * before the OS (systemd-boot and the stub measure only); U-Boot's
 * drivers/rng/tpm_rng.c does. Bounded in calls and in time: Linux turned
 * the AMD fTPM's hwrng off because its answers stalled the machine (commit
 * 554b841d4703), and a boot must not wait on one.
 */
#include "row.h"

#include <efilib.h>

#include "log.h"

/* EFI_TCG2_PROTOCOL_GUID 607f766c-7455-42be-930b-e4d76db2720f (TCG EFI
 * Protocol Specification for TPM 2.0, section 6.1) */
#define TCG2_PROTOCOL_GUID { 0x607f766c, 0x7455, 0x42be, { 0x93, 0x0b, 0xe4, 0xd7, 0x6d, 0xb2, 0x72, 0x0f } }

typedef struct tcg2_protocol tcg2_protocol;
typedef EFI_STATUS(EFIAPI *tcg2_submit)(tcg2_protocol *self, UINT32 in_size, UINT8 *in, UINT32 out_size, UINT8 *out);
struct tcg2_caps;
typedef EFI_STATUS(EFIAPI *tcg2_get_capability)(tcg2_protocol *self, struct tcg2_caps *caps);
/* The protocol's first members (TCG EFI Protocol Specification, section
 * 6.2): earlyseed calls GetCapability and SubmitCommand. */
struct tcg2_protocol {
	tcg2_get_capability GetCapability;
	void *GetEventLog;
	void *HashLogExtendEvent;
	tcg2_submit SubmitCommand;
};
_Static_assert(offsetof(struct tcg2_protocol, SubmitCommand) == 3 * sizeof(void *),
	       "SubmitCommand is the fourth member of EFI_TCG2_PROTOCOL");

/* What is asked: 64 bytes, at the 4 bits a byte core/source.c assumes the
 * gate's 256 bits; 32 a call, which every TPM 2.0 gives (its largest digest
 * is at least SHA-256's; Part 3 section 16.1 allows a shorter answer). */
#define TPM_WANT 64u
#define TPM_ASK 32u
/* At most this many calls (a TPM answering 8 bytes a call still fills
 * TPM_WANT), and at most TPM_DEADLINE_100NS of them: 100 ms, in the
 * 100 ns units of SetTimer() (UEFI 2.10 section 7.1.7). */
#define TPM_MAX_CALLS 8u /* said in the warning below */
#define TPM_DEADLINE_100NS 1000000u

static EFI_GUID tcg2_guid = TCG2_PROTOCOL_GUID;

/* EFI_TCG2_BOOT_SERVICE_CAPABILITY (TCG EFI Protocol Specification, section
 * 6.4; edk2 MdePkg/Include/Protocol/Tcg2Protocol.h, natural alignment).
 * Firmware installs the protocol with the TPM turned off in setup, or for a
 * TPM 1.2: TPMPresentFlag says. Firmware that answers a 1.0 structure keeps
 * the flag where TCG 1.2's EFI_TCG_BOOT_SERVICE_CAPABILITY does, at 10, or
 * where edk2's TREE_BOOT_SERVICE_CAPABILITY_1_0 does, at 16 (systemd-boot
 * src/boot/measure.c tries both). */
struct tcg2_caps {
	UINT8 Size;
	UINT8 StructureMajor, StructureMinor;
	UINT8 ProtocolMajor, ProtocolMinor;
	UINT32 HashAlgorithmBitmap;
	UINT32 SupportedEventLogs;
	UINT8 TPMPresentFlag;
	UINT16 MaxCommandSize;
	UINT16 MaxResponseSize;
	UINT32 ManufacturerID;
	UINT32 NumberOfPCRBanks;
	UINT32 ActivePcrBanks;
};
_Static_assert(sizeof(struct tcg2_caps) == 36, "EFI_TCG2_BOOT_SERVICE_CAPABILITY is 36 bytes");
_Static_assert(offsetof(struct tcg2_caps, TPMPresentFlag) == 16, "TPMPresentFlag at 16");
_Static_assert(offsetof(struct tcg2_caps, ActivePcrBanks) == 32, "ActivePcrBanks at 32");
#define TCG_1_0_PRESENT 10u

static bool tpm_present(tcg2_protocol *tpm)
{
	struct tcg2_caps caps = { .Size = sizeof(caps) };

	if (EFI_ERROR(uefi_call_wrapper(tpm->GetCapability, 2, tpm, &caps)))
		return false;
	/* a 1.0 answer: TCG 1.2's layout first, then edk2's own 1.0 layout
	 * (the flag where 1.1 keeps it), as systemd-boot reads it */
	if (caps.StructureMajor == 1 && caps.StructureMinor == 0 && ((const UINT8 *)&caps)[TCG_1_0_PRESENT] != 0)
		return true;
	return caps.TPMPresentFlag != 0;
}

/* A timer that fires at the deadline, or NULL (then the calls bound it). */
static EFI_EVENT tpm_deadline(void)
{
	EFI_EVENT ev = NULL;

	if (EFI_ERROR(uefi_call_wrapper(BS->CreateEvent, 5, (UINT32)EVT_TIMER, (EFI_TPL)0, NULL, NULL, &ev)))
		return NULL;
	if (EFI_ERROR(uefi_call_wrapper(BS->SetTimer, 3, ev, TimerRelative, (UINT64)TPM_DEADLINE_100NS))) {
		(void)uefi_call_wrapper(BS->CloseEvent, 1, ev);
		return NULL;
	}
	return ev;
}

void src_tpm(struct pass *p)
{
	tcg2_protocol *tpm = NULL;
	/* room for more than asked: a TPM that overanswers is caught by the
	 * parser, not by a firmware error */
	UINT8 cmd[ES_TPM_CMD_LEN], rsp[ES_TPM_RSP_HEADER + 2u + 2u * TPM_ASK];
	UINT32 got = 0, calls = 0, rc = 0, retries = 0;
	enum es_tpm_rsp e = ES_TPM_OK;
	const char *why = NULL;
	EFI_STATUS status;
	EFI_EVENT deadline;

	if ((p->in->off & 1u << ES_SRC_TPM) != 0) {
		log_line("tpm: turned off (tpm = off)");
		return;
	}
	status = uefi_call_wrapper(BS->LocateProtocol, 3, &tcg2_guid, NULL, (void **)&tpm);
	if (EFI_ERROR(status) || tpm == NULL) {
		log_line("tpm: no EFI_TCG2_PROTOCOL (%r)", EFI_ERROR(status) ? status : EFI_NOT_FOUND);
		return;
	}
	if (!tpm_present(tpm)) {
		log_line("tpm: EFI_TCG2_PROTOCOL, but no TPM 2.0 present (turned off in setup?)");
		return;
	}
	es_session_present(&p->s, ES_SRC_TPM);
	deadline = tpm_deadline();
	while (got < TPM_WANT && why == NULL) {
		UINT16 ask = (UINT16)(TPM_WANT - got < TPM_ASK ? TPM_WANT - got : TPM_ASK), n;
		size_t off;

		if (calls == TPM_MAX_CALLS) {
			why = retries > 0 ? "it stayed busy or self-testing (TPM_RC_RETRY, TPM_RC_TESTING) through its 8 calls"
					  : "it answered short: fewer bytes than asked within its 8 calls";
			break;
		}
		if (deadline != NULL && uefi_call_wrapper(BS->CheckEvent, 1, deadline) == EFI_SUCCESS) {
			why = "it took longer than its time bound (100 ms)";
			break;
		}
		es_tpm_getrandom_cmd(cmd, ask);
		/* what a TPM that writes nothing leaves: zeros, not old bytes */
		es_wipe(rsp, sizeof(rsp));
		calls++;
		status = uefi_call_wrapper(tpm->SubmitCommand, 5, tpm, (UINT32)sizeof(cmd), cmd, (UINT32)sizeof(rsp), rsp);
		if (EFI_ERROR(status)) {
			why = "SubmitCommand failed";
			break;
		}
		e = es_tpm_getrandom_parse(rsp, sizeof(rsp), ask, &rc, &off, &n);
		if (e == ES_TPM_ERC && es_tpm_rc_retry(rc)) {
			retries++; /* busy or self-testing: asked again within the bounds */
			continue;
		}
		if (e != ES_TPM_OK) {
			why = e == ES_TPM_ERC ? "it answered an error code" : "it answered a malformed response";
			break;
		}
		/* one answer, one block: the engine checks it against every
		 * earlier one (repeats) and for zeros */
		(void)es_session_add(&p->s, ES_SRC_TPM, rsp + off, n);
		got += n;
	}
	es_wipe(rsp, sizeof(rsp));
	if (deadline != NULL)
		(void)uefi_call_wrapper(BS->CloseEvent, 1, deadline);
	p->out.calls[ES_SRC_TPM] = (UINT16)calls;
	if (why != NULL) {
		/* what it gave is mixed; it counts nothing */
		es_session_fail(&p->s, ES_SRC_TPM, why);
		log_warn("tpm: TPM2_GetRandom: %a (%r, %a, rc 0x%x) after %u bytes in %u calls; not counted", why, status,
			 es_tpm_strerror(e), rc, got, calls);
		return;
	}
	if (retries > 0)
		log_line("tpm: TPM2_GetRandom: %u bytes in %u calls (%u asked again: busy or self-testing)", got, calls,
			 retries);
	else
		log_line("tpm: TPM2_GetRandom: %u bytes in %u calls", got, calls);
}
