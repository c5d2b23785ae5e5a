// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

/// A deposit collector moves `amount` of `token` from `payer` to the caller (the settlement
/// contract), authorized by `data`, for the channel `channelId`.
interface IDepositCollector {
    function collect(address payer, address token, uint256 amount, bytes32 channelId, bytes calldata data) external;
}

interface IERC20Balance {
    function balanceOf(address who) external view returns (uint256);
}

interface IERC1271 {
    function isValidSignature(bytes32 digest, bytes calldata signature) external view returns (bytes4);
}

/// The x402 `batch-settlement` escrow for the geo402 devnet, written from the scheme's
/// specification (coinbase/x402 specs/schemes/batch-settlement/scheme_batch_settlement_evm.md) and
/// the ABI the x402 EVM package (2.27) calls. Unidirectional channels keyed by the EIP-712 hash of an immutable
/// config; deposits through a collector; cumulative EIP-712 vouchers claimed in batches (accounting
/// only) and swept to the receiver by `settle`; cooperative refunds (direct or signed, with a
/// per-channel nonce) and a timed withdrawal as the payer's escape hatch.
///
/// No constructor and no initialized storage: the runtime code is placed at the canonical address
/// with anvil_setCode, and the EIP-712 domain is computed per call from block.chainid and
/// address(this).
contract x402BatchSettlement {
    struct ChannelConfig {
        address payer;
        address payerAuthorizer;
        address receiver;
        address receiverAuthorizer;
        address token;
        uint40 withdrawDelay;
        bytes32 salt;
    }

    struct Voucher {
        ChannelConfig channel;
        uint128 maxClaimableAmount;
    }

    struct VoucherClaim {
        Voucher voucher;
        bytes signature;
        uint128 totalClaimed;
    }

    struct Channel {
        uint128 balance;
        uint128 totalClaimed;
    }

    struct PendingWithdrawal {
        uint128 amount;
        uint40 initiatedAt;
    }

    struct ReceiverTotals {
        uint128 totalClaimed;
        uint128 totalSettled;
    }

    uint40 public constant MIN_WITHDRAW_DELAY = 15 minutes;
    uint40 public constant MAX_WITHDRAW_DELAY = 30 days;

    bytes32 public constant CHANNEL_CONFIG_TYPEHASH = keccak256(
        "ChannelConfig(address payer,address payerAuthorizer,address receiver,address receiverAuthorizer,address token,uint40 withdrawDelay,bytes32 salt)"
    );
    bytes32 public constant VOUCHER_TYPEHASH = keccak256("Voucher(bytes32 channelId,uint128 maxClaimableAmount)");
    bytes32 public constant REFUND_TYPEHASH = keccak256("Refund(bytes32 channelId,uint256 nonce,uint128 amount)");
    bytes32 public constant CLAIM_ENTRY_TYPEHASH =
        keccak256("ClaimEntry(bytes32 channelId,uint128 maxClaimableAmount,uint128 totalClaimed)");
    bytes32 public constant CLAIM_BATCH_TYPEHASH = keccak256(
        "ClaimBatch(ClaimEntry[] claims)ClaimEntry(bytes32 channelId,uint128 maxClaimableAmount,uint128 totalClaimed)"
    );
    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant NAME_HASH = keccak256("x402 Batch Settlement");
    bytes32 private constant VERSION_HASH = keccak256("1");

    mapping(bytes32 => Channel) public channels;
    mapping(bytes32 => PendingWithdrawal) public pendingWithdrawals;
    mapping(bytes32 => uint256) public refundNonce;
    mapping(address => mapping(address => ReceiverTotals)) public receivers;

    bool private transient entered;

    event ChannelCreated(bytes32 indexed channelId, ChannelConfig config);
    event ChannelClosed(bytes32 indexed channelId, ChannelConfig config);
    event Deposited(bytes32 indexed channelId, address indexed sender, uint128 amount, uint128 balance);
    event Claimed(bytes32 indexed channelId, address indexed receiver, uint128 amount, uint128 totalClaimed);
    event Settled(address indexed receiver, address indexed token, address indexed sender, uint128 amount);
    event Refunded(bytes32 indexed channelId, uint256 nonce, uint128 amount);
    event WithdrawInitiated(bytes32 indexed channelId, uint128 amount, uint40 initiatedAt);
    event Withdrawn(bytes32 indexed channelId, uint128 amount);

    modifier nonReentrant() {
        require(!entered, "reentrant call");
        entered = true;
        _;
        entered = false;
    }

    // ---- EIP-712 ----

    function domainSeparator() public view returns (bytes32) {
        return keccak256(abi.encode(DOMAIN_TYPEHASH, NAME_HASH, VERSION_HASH, block.chainid, address(this)));
    }

    function typedDigest(bytes32 structHash) private view returns (bytes32) {
        return keccak256(abi.encodePacked("\x19\x01", domainSeparator(), structHash));
    }

    function getChannelId(ChannelConfig calldata c) public view returns (bytes32) {
        return typedDigest(
            keccak256(
                abi.encode(
                    CHANNEL_CONFIG_TYPEHASH,
                    c.payer,
                    c.payerAuthorizer,
                    c.receiver,
                    c.receiverAuthorizer,
                    c.token,
                    c.withdrawDelay,
                    c.salt
                )
            )
        );
    }

    function getVoucherDigest(bytes32 channelId, uint128 maxClaimableAmount) public view returns (bytes32) {
        return typedDigest(keccak256(abi.encode(VOUCHER_TYPEHASH, channelId, maxClaimableAmount)));
    }

    function getRefundDigest(bytes32 channelId, uint256 nonce, uint128 amount) public view returns (bytes32) {
        return typedDigest(keccak256(abi.encode(REFUND_TYPEHASH, channelId, nonce, amount)));
    }

    function getClaimBatchDigest(VoucherClaim[] calldata voucherClaims) public view returns (bytes32) {
        bytes32[] memory entries = new bytes32[](voucherClaims.length);
        for (uint256 i = 0; i < voucherClaims.length; i++) {
            VoucherClaim calldata c = voucherClaims[i];
            entries[i] = keccak256(
                abi.encode(
                    CLAIM_ENTRY_TYPEHASH, getChannelId(c.voucher.channel), c.voucher.maxClaimableAmount, c.totalClaimed
                )
            );
        }
        return typedDigest(keccak256(abi.encode(CLAIM_BATCH_TYPEHASH, keccak256(abi.encodePacked(entries)))));
    }

    // ---- deposits ----

    /// Creates the channel on its first deposit; `collector` pulls `amount` from the payer.
    function deposit(ChannelConfig calldata config, uint128 amount, address collector, bytes calldata collectorData)
        external
        nonReentrant
    {
        require(amount > 0, "zero deposit");
        require(config.receiverAuthorizer != address(0), "receiverAuthorizer is zero");
        require(
            config.withdrawDelay >= MIN_WITHDRAW_DELAY && config.withdrawDelay <= MAX_WITHDRAW_DELAY,
            "withdrawDelay out of range"
        );
        bytes32 channelId = getChannelId(config);
        uint256 before = IERC20Balance(config.token).balanceOf(address(this));
        IDepositCollector(collector).collect(config.payer, config.token, amount, channelId, collectorData);
        require(IERC20Balance(config.token).balanceOf(address(this)) - before == amount, "collector moved a different amount");
        Channel storage ch = channels[channelId];
        if (ch.balance == 0 && ch.totalClaimed == 0) emit ChannelCreated(channelId, config);
        ch.balance += amount;
        emit Deposited(channelId, msg.sender, amount, ch.balance);
    }

    // ---- claims and settlement ----

    /// Claims by the receiver or its authorizer themselves (no authorizer signature).
    function claim(VoucherClaim[] calldata voucherClaims) external nonReentrant {
        for (uint256 i = 0; i < voucherClaims.length; i++) {
            ChannelConfig calldata cfg = voucherClaims[i].voucher.channel;
            require(msg.sender == cfg.receiver || msg.sender == cfg.receiverAuthorizer, "caller is not receiver side");
            applyClaim(voucherClaims[i]);
        }
    }

    /// Relayable claims: one EIP-712 ClaimBatch signature of the rows' common receiverAuthorizer.
    function claimWithSignature(VoucherClaim[] calldata voucherClaims, bytes calldata authorizerSignature)
        external
        nonReentrant
    {
        require(voucherClaims.length > 0, "no claims");
        address authorizer = voucherClaims[0].voucher.channel.receiverAuthorizer;
        for (uint256 i = 1; i < voucherClaims.length; i++) {
            require(voucherClaims[i].voucher.channel.receiverAuthorizer == authorizer, "mixed receiverAuthorizers");
        }
        require(
            isValidSignatureNow(authorizer, getClaimBatchDigest(voucherClaims), authorizerSignature),
            "invalid claim authorization"
        );
        for (uint256 i = 0; i < voucherClaims.length; i++) {
            applyClaim(voucherClaims[i]);
        }
    }

    /// Raises a channel's totalClaimed to the row's totalClaimed (a row at or below it is a no-op).
    function applyClaim(VoucherClaim calldata c) private {
        ChannelConfig calldata cfg = c.voucher.channel;
        bytes32 channelId = getChannelId(cfg);
        require(c.totalClaimed <= c.voucher.maxClaimableAmount, "claim above voucher");
        bytes32 digest = getVoucherDigest(channelId, c.voucher.maxClaimableAmount);
        bool signed = cfg.payerAuthorizer != address(0)
            ? recoverEOA(digest, c.signature) == cfg.payerAuthorizer
            : isValidSignatureNow(cfg.payer, digest, c.signature);
        require(signed, "invalid voucher signature");
        Channel storage ch = channels[channelId];
        if (c.totalClaimed <= ch.totalClaimed) return;
        require(c.totalClaimed <= ch.balance, "claim above balance");
        uint128 delta = c.totalClaimed - ch.totalClaimed;
        ch.totalClaimed = c.totalClaimed;
        receivers[cfg.receiver][cfg.token].totalClaimed += delta;
        emit Claimed(channelId, cfg.receiver, delta, c.totalClaimed);
    }

    /// Sends everything claimed and not yet settled for (receiver, token) to the receiver. Permissionless.
    function settle(address receiver, address token) external nonReentrant {
        ReceiverTotals storage r = receivers[receiver][token];
        uint128 amount = r.totalClaimed - r.totalSettled;
        if (amount == 0) return;
        r.totalSettled = r.totalClaimed;
        pay(token, receiver, amount);
        emit Settled(receiver, token, msg.sender, amount);
    }

    // ---- cooperative refunds ----

    function refund(ChannelConfig calldata config, uint128 amount) external nonReentrant {
        require(msg.sender == config.receiver || msg.sender == config.receiverAuthorizer, "caller is not receiver side");
        applyRefund(getChannelId(config), config, amount);
    }

    function refundWithSignature(
        ChannelConfig calldata config,
        uint128 amount,
        uint256 nonce,
        bytes calldata receiverAuthorizerSignature
    ) external nonReentrant {
        bytes32 channelId = getChannelId(config);
        require(nonce == refundNonce[channelId], "stale refund nonce");
        require(
            isValidSignatureNow(
                config.receiverAuthorizer, getRefundDigest(channelId, nonce, amount), receiverAuthorizerSignature
            ),
            "invalid refund authorization"
        );
        applyRefund(channelId, config, amount);
    }

    /// The nonce advances first, whatever moves; the amount is capped to the unclaimed escrow.
    function applyRefund(bytes32 channelId, ChannelConfig calldata config, uint128 requested) private {
        require(requested > 0, "zero refund");
        uint256 nonce = refundNonce[channelId]++;
        Channel storage ch = channels[channelId];
        uint128 available = ch.balance - ch.totalClaimed;
        uint128 amount = requested < available ? requested : available;
        if (amount == 0) return;
        ch.balance -= amount;
        PendingWithdrawal storage w = pendingWithdrawals[channelId];
        if (w.initiatedAt != 0) {
            if (amount >= w.amount) delete pendingWithdrawals[channelId];
            else w.amount -= amount;
        }
        pay(config.token, config.payer, amount);
        emit Refunded(channelId, nonce, amount);
        if (ch.balance == ch.totalClaimed) emit ChannelClosed(channelId, config);
    }

    // ---- timed withdrawal ----

    function initiateWithdraw(ChannelConfig calldata config, uint128 amount) external nonReentrant {
        requirePayerSide(config);
        bytes32 channelId = getChannelId(config);
        Channel storage ch = channels[channelId];
        require(amount > 0 && amount <= ch.balance - ch.totalClaimed, "amount above unclaimed escrow");
        require(pendingWithdrawals[channelId].initiatedAt == 0, "withdrawal already pending");
        pendingWithdrawals[channelId] = PendingWithdrawal(amount, uint40(block.timestamp));
        emit WithdrawInitiated(channelId, amount, uint40(block.timestamp));
    }

    /// After the delay: pays out the pending amount, capped to what is still unclaimed.
    function finalizeWithdraw(ChannelConfig calldata config) external nonReentrant {
        requirePayerSide(config);
        bytes32 channelId = getChannelId(config);
        PendingWithdrawal memory w = pendingWithdrawals[channelId];
        require(w.initiatedAt != 0, "no pending withdrawal");
        require(block.timestamp >= uint256(w.initiatedAt) + config.withdrawDelay, "withdraw delay not elapsed");
        delete pendingWithdrawals[channelId];
        Channel storage ch = channels[channelId];
        uint128 available = ch.balance - ch.totalClaimed;
        uint128 amount = w.amount < available ? w.amount : available;
        ch.balance -= amount;
        if (amount > 0) pay(config.token, config.payer, amount);
        emit Withdrawn(channelId, amount);
        if (ch.balance == ch.totalClaimed) emit ChannelClosed(channelId, config);
    }

    function requirePayerSide(ChannelConfig calldata config) private view {
        require(
            msg.sender == config.payer || (config.payerAuthorizer != address(0) && msg.sender == config.payerAuthorizer),
            "caller is not payer side"
        );
    }

    // ---- batching ----

    /// Runs several calls of this contract in one transaction (e.g. claimWithSignature + refundWithSignature).
    function multicall(bytes[] calldata data) external returns (bytes[] memory results) {
        results = new bytes[](data.length);
        for (uint256 i = 0; i < data.length; i++) {
            (bool ok, bytes memory out) = address(this).delegatecall(data[i]);
            if (!ok) {
                assembly {
                    revert(add(out, 32), mload(out))
                }
            }
            results[i] = out;
        }
    }

    // ---- helpers ----

    function pay(address token, address to, uint256 amount) private {
        (bool ok, bytes memory out) = token.call(abi.encodeWithSignature("transfer(address,uint256)", to, amount));
        require(ok && (out.length == 0 || abi.decode(out, (bool))), "token transfer failed");
    }

    /// ECDSA only (65-byte r,s,v; low s), as for a committed payerAuthorizer EOA.
    function recoverEOA(bytes32 digest, bytes calldata signature) private pure returns (address) {
        if (signature.length != 65) return address(0);
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (uint256(s) > 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0) return address(0);
        if (v != 27 && v != 28) return address(0);
        return ecrecover(digest, v, r, s);
    }

    /// ECDSA for an account without code, EIP-1271 isValidSignature for a contract account.
    function isValidSignatureNow(address signer, bytes32 digest, bytes calldata signature) private view returns (bool) {
        if (signer == address(0)) return false;
        if (signer.code.length == 0) return recoverEOA(digest, signature) == signer;
        (bool ok, bytes memory out) =
            signer.staticcall(abi.encodeWithSelector(IERC1271.isValidSignature.selector, digest, signature));
        return ok && out.length >= 32 && abi.decode(out, (bytes4)) == IERC1271.isValidSignature.selector;
    }
}
