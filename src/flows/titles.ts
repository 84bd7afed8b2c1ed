import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * Plain-language names of the machines' parts for /flows, through the catalogue so product owners read them in their
 * language; the diagrams show each beside its code name. Machines keep codes only (they never translate), so the
 * words live here. titles.test.ts fails when a machine, state, event, guard, invoked actor or delay has none.
 */
export interface MachineTitles {
  title: MessageDescriptor;
  /** What it is for, one sentence. */
  about: MessageDescriptor;
  /** The portal page where it runs, opened beside the diagram by "Follow on the page". */
  page: string;
  /** By state path ('editing.termsAccepted'); else the common name of its key. */
  states: Record<string, MessageDescriptor>;
  /** By event type ('user.submit'). */
  events?: Record<string, MessageDescriptor>;
  /** By guard, with its parameter ('statusIs(ACTIVE)') or without ('hasTier'): what must be true. */
  guards?: Record<string, MessageDescriptor>;
  /** Invoked actors by id: the work they do ('Check the status'). */
  actors?: Record<string, MessageDescriptor>;
  /** Named delays: when they run out. */
  delays?: Record<string, MessageDescriptor>;
}

type Parts = Required<Pick<MachineTitles, 'states' | 'events' | 'guards' | 'actors'>>;

/** Names several machines share, used unless a machine names the part itself. */
export const commonTitles: Parts = {
  states: {
    starting: msg`Starting`,
    loading: msg`Loading`,
    ready: msg`Ready`,
    failed: msg`Failed`,
    idle: msg`Idle`,
    editing: msg`Filling in the form`,
    submitting: msg`Sending`,
    loadingInfo: msg`Loading the member's details`,
    done: msg`Done`,
    paused: msg`Paused (page hidden)`,
  },
  events: {
    'user.submit': msg`Submit the form`,
    'error.dismiss': msg`Close the error message`,
    'mode.switch': msg`Switch between e-mail and phone`,
    'mode.select': msg`Choose a list mode`,
    'favourite.toggle': msg`Tap a favourite heart`,
    'session.change': msg`Log in or out`,
    'list.retry': msg`Try loading again`,
    'visibility.hidden': msg`Page hidden`,
    'visibility.visible': msg`Page shown again`,
  },
  guards: {
    hasProblems: msg`the form has mistakes`,
    hasNoProblems: msg`the form has no mistakes`,
    isVisitor: msg`not logged in`,
    visitorWantsMemberMode: msg`a visitor picks a members-only mode`,
  },
  actors: {
    loadMemberInfo: msg`Load the member's details`,
  },
};

export const machineTitles: Record<string, MachineTitles> = {
  appStatus: {
    title: msg`Site status`,
    about: msg`Checks whether the site is open, under maintenance or closed to the visitor's region.`,
    page: '/',
    states: {
      loading: msg`Checking the status`,
      normal: msg`Site open`,
      maintenance: msg`Under maintenance`,
      restricted: msg`Region restricted`,
      failed: msg`Status unknown`,
    },
    events: { 'status.check': msg`Check the status again`, 'status.retry': msg`Tap "Try again"` },
    guards: {
      isMaintenance: msg`the site is under maintenance`,
      isRestricted: msg`the region is restricted`,
    },
    actors: { loadStatus: msg`Check the status` },
    delays: { recheckDelay: msg`Time to check again` },
  },
  captcha: {
    title: msg`Picture code`,
    about: msg`Loads the picture code of a form and lets the player ask for a new one, not too often.`,
    page: '/login',
    states: {
      loading: msg`Loading the picture`,
      settled: msg`Picture shown`,
      'settled.image': msg`The picture`,
      'settled.image.ready': msg`Picture ready`,
      'settled.image.failed': msg`Picture failed to load`,
      'settled.throttle': msg`New-picture limit`,
      'settled.throttle.cooling': msg`Waiting before a new picture`,
      'settled.throttle.cooling.quiet': msg`No new picture asked`,
      'settled.throttle.cooling.refreshDue': msg`New picture asked`,
      'settled.throttle.open': msg`A new picture may load`,
    },
    events: {
      'captcha.refresh': msg`Tap the picture for a new one`,
      'captcha.typeChanged': msg`Code type changed`,
    },
    guards: { refreshIsDue: msg`a new picture was asked` },
    actors: { loadCaptcha: msg`Load a picture` },
    delays: { refreshThrottle: msg`Wait between pictures over` },
  },
  contractNegotiation: {
    title: msg`Agent contract`,
    about: msg`An agent offers a contract to a downline agent, who accepts or rejects it; the agent may end it.`,
    page: '/agent?page=dailyWages',
    states: {
      none: msg`No contract yet`,
      draft: msg`Writing an offer`,
      'draft.checking': msg`Checking the offer`,
      'draft.valid': msg`Offer is valid`,
      'draft.invalid': msg`Offer has mistakes`,
      proposing: msg`Sending the offer`,
      proposed: msg`Offer waiting for an answer`,
      accepting: msg`Accepting`,
      accepted: msg`Accepted`,
      rejecting: msg`Rejecting`,
      rejected: msg`Rejected`,
      active: msg`Contract in force`,
      terminating: msg`Ending the contract`,
      terminated: msg`Contract ended`,
    },
    events: {
      'contract.propose': msg`Send the offer`,
      'tier.add': msg`Add a tier`,
      'tier.remove': msg`Remove a tier`,
      'tier.change': msg`Change a tier`,
      'period.change': msg`Change the period`,
      'draft.cancel': msg`Cancel the edit`,
      'contract.accept': msg`Accept the offer`,
      'contract.reject': msg`Reject the offer`,
      'contract.terminate': msg`End the contract`,
      'contract.edit': msg`Edit the terms`,
      'confirmation.close': msg`Continue`,
      'draft.start': msg`Write a new offer`,
    },
    guards: {
      hasNoContract: msg`there is no contract`,
      isDownline: msg`seen by the downline`,
      isUpline: msg`seen by the upline`,
      'statusIs(PROPOSED)': msg`the contract is offered`,
      'statusIs(ACTIVE)': msg`the contract is in force`,
      'statusIs(REJECTED)': msg`the contract was rejected`,
      'statusIs(TERMINATED)': msg`the contract was ended`,
      canAddTier: msg`another tier is allowed`,
      hasTier: msg`the tier exists`,
      isDividend: msg`it is a dividend contract`,
      draftIsValid: msg`the offer is valid`,
    },
    actors: {
      propose: msg`Send the offer`,
      accept: msg`Accept the offer`,
      reject: msg`Reject the offer`,
      terminate: msg`End the contract`,
    },
  },
  forgotPassword: {
    title: msg`Forgot password`,
    about: msg`Resets a forgotten password with a code sent by e-mail or text message.`,
    page: '/login',
    states: {
      requestingCode: msg`Sending the reset code`,
      codeSent: msg`Reset code sent`,
      enteringCode: msg`Entering the code and new password`,
      resetting: msg`Resetting the password`,
      resettingByPhone: msg`Resetting by phone`,
      passwordReset: msg`Password reset`,
      done: msg`Closed`,
    },
    events: {
      'code.enter': msg`Enter the code`,
      'code.resend': msg`Send the code again`,
      'dialog.close': msg`Close the dialog`,
    },
    guards: { openedFromLink: msg`opened from the e-mailed link`, isEmailMode: msg`by e-mail` },
    actors: {
      requestResetCode: msg`Send a reset code`,
      resetWithCode: msg`Reset with the code`,
      resetByPhone: msg`Reset by phone`,
    },
  },
  gameList: {
    title: msg`Game lobby`,
    about: msg`Loads a lobby's games by mode, class, vendor and name, pages through them and keeps favourites.`,
    page: '/rng',
    states: {
      list: msg`The game list`,
      'list.loading': msg`Loading the games`,
      'list.ready': msg`Games shown`,
      'list.ready.idle': msg`Waiting for the player`,
      'list.ready.loadingMore': msg`Loading more games`,
      'list.ready.paging': msg`Loading another page`,
      'list.failed': msg`Games failed to load`,
      favourites: msg`Favourites`,
      'favourites.idle': msg`Favourites known`,
      'favourites.loadingIds': msg`Loading favourites`,
      'favourites.toggling': msg`Saving a favourite`,
    },
    events: {
      'loginPopup.dismiss': msg`Close the login prompt`,
      'classify.select': msg`Choose a class`,
      'vendor.select': msg`Choose a vendor`,
      'search.submit': msg`Search by name`,
      'path.change': msg`Open another lobby`,
      'language.change': msg`Change the language`,
      'list.more': msg`Load more`,
      'page.select': msg`Choose a page`,
    },
    guards: {
      visitorWantsFavClass: msg`a visitor picks Favourites`,
      showsMemberOnlyAfterLogout: msg`members-only games shown after a logout`,
      hasMoreGames: msg`there are more games`,
      isOtherPage: msg`another page`,
      loggingIn: msg`logging in`,
    },
    actors: {
      loadGames: msg`Load the games`,
      loadMoreGames: msg`Load more games`,
      loadPage: msg`Load a page`,
      loadFavouriteIds: msg`Load the favourites`,
      toggleFavourite: msg`Save the favourite`,
    },
  },
  jackpotTicker: {
    title: msg`Jackpot ticker`,
    about: msg`Makes the home page's jackpot figure grow while the page is on screen.`,
    page: '/',
    states: { running: msg`Growing`, paused: msg`Paused (page hidden)` },
    delays: { tick: msg`Next step` },
  },
  login: {
    title: msg`Login`,
    about: msg`Logs a member in, asks for a new password when it must change, then loads the member's details.`,
    page: '/login',
    states: {
      submitting: msg`Logging in`,
      changingPassword: msg`Changing the password`,
      'changingPassword.editing': msg`Typing a new password`,
      'changingPassword.submitting': msg`Saving the new password`,
      done: msg`Logged in`,
      closed: msg`Closed`,
    },
    events: {
      'mode.set': msg`Switch between password and code`,
      'password.submit': msg`Submit the new password`,
      'login.close': msg`Close the login`,
    },
    guards: { mustChangePassword: msg`the password must be changed` },
    actors: { logIn: msg`Log in`, changePassword: msg`Change the password` },
  },
  lotteryRefresh: {
    title: msg`Lottery list`,
    about: msg`Loads the lottery list and refreshes it before the next draw closes.`,
    page: '/lotteryCenter',
    states: {
      loading: msg`Loading the lotteries`,
      ready: msg`Lotteries shown`,
      'ready.watching': msg`Waiting for the next draw's numbers`,
      'ready.reading': msg`Reading the draw results`,
      'ready.caughtUp': msg`All numbers shown`,
      failed: msg`Lotteries failed to load`,
    },
    events: {
      'week.select': msg`Choose a weekday`,
      'login.prompted': msg`Login prompt shown`,
      'tag.select': msg`Choose a tab`,
      'prizeMode.select': msg`Choose a prize mode`,
    },
    guards: {
      isOtherPrizeMode: msg`another prize mode`,
      leavesMemberList: msg`a members-only list is shown after a logout`,
      nothingAwaited: msg`no draw's numbers are awaited`,
    },
    actors: { loadMenu: msg`Load the lotteries`, loadResults: msg`Read the draw results` },
    delays: {
      refresh: msg`Time to refresh`,
      retry: msg`Time to try again`,
      resultsRead: msg`Time to read the results`,
    },
  },
  registration: {
    title: msg`Registration`,
    about: msg`Signs a new member up, checks the invitation code and the text-message code, then logs them in.`,
    page: '/register',
    states: {
      'editing.termsPending': msg`Terms not accepted yet`,
      'editing.termsAccepted': msg`Terms accepted`,
      checkingInvitation: msg`Checking the invitation code`,
      verifyingFirebase: msg`Checking the text-message code`,
      registering: msg`Creating the account`,
      done: msg`Registered`,
    },
    events: { 'terms.toggle': msg`Tick the terms` },
    guards: {
      needsInvitationCheck: msg`an invitation code is given`,
      needsFirebaseCheck: msg`the text-message code must be checked`,
      isInvalidInvitation: msg`the invitation code is wrong`,
      isLoggedIn: msg`the new member is logged in`,
    },
    actors: {
      checkAffiliate: msg`Check the invitation code`,
      verifyFirebaseSms: msg`Check the text-message code`,
      register: msg`Create the account`,
    },
  },
  session: {
    title: msg`Session`,
    about: msg`Whether the visitor is logged in: restores a saved login, and logs out with a confirmation.`,
    page: '/login',
    states: {
      failed: msg`Details failed to load`,
      loggedOut: msg`Logged out`,
      loggedIn: msg`Logged in`,
      'loggedIn.idle': msg`Playing`,
      'loggedIn.passwordChange': msg`Must change the password`,
      'loggedIn.confirming': msg`Asked to confirm logout`,
      'loggedIn.loggingOut': msg`Logging out`,
    },
    events: {
      'session.retry': msg`Try again`,
      'session.loggedIn': msg`Logged in`,
      'logout.request': msg`Tap "Log out"`,
      'session.expired': msg`Login expired`,
      'session.breakStarted': msg`A break was started`,
      'session.passwordChangeRequired': msg`Password change required`,
      'password.changed': msg`Password changed`,
      'logout.confirm': msg`Confirm the logout`,
      'logout.cancel': msg`Cancel the logout`,
    },
    guards: {
      hasStoredToken: msg`a saved login exists`,
      isUnauthorized: msg`the saved login is no longer valid`,
      mustChangePassword: msg`the password must be changed`,
    },
    actors: { logOut: msg`Log out` },
  },
  smsCountdown: {
    title: msg`Text-message code`,
    about: msg`Sends a code by text message and counts down before another may be sent.`,
    page: '/register',
    states: {
      enabled: msg`"Send code" available`,
      sending: msg`Sending the code`,
      counting: msg`Counting down`,
      throttled: msg`Wait before sending again`,
      blocked: msg`Too many codes: blocked for a while`,
    },
    events: { 'code.request': msg`Tap "Send code"` },
    guards: {
      mobileIsValid: msg`the phone number is valid`,
      leavesTimeToCount: msg`time is left to count down`,
      isTooManyRequests: msg`too many codes were asked`,
      isTooSoon: msg`a code was sent moments ago`,
      isLastSecond: msg`it is the last second`,
    },
    actors: { sendCode: msg`Send the code` },
    delays: {
      tick: msg`One second later`,
      sendThrottle: msg`Wait between codes over`,
      tooManyRequestsBlock: msg`Block over`,
    },
  },
  withdrawalConfirmation: {
    title: msg`Withdrawal confirmation`,
    about: msg`The member confirms a paid-out withdrawal arrived, or reports it did not with proof; after a while it counts as received.`,
    page: '/member?page=withdraw',
    states: {
      awaiting: msg`Waiting for the member's answer`,
      'awaiting.choosing': msg`Choosing "Received" or "Not received"`,
      'awaiting.confirming': msg`Confirming receipt`,
      'awaiting.reporting': msg`Reporting not received`,
      'awaiting.reporting.editing': msg`Adding proof`,
      'awaiting.reporting.editing.incomplete': msg`Proof incomplete`,
      'awaiting.reporting.editing.ready': msg`Proof ready to send`,
      'awaiting.reporting.submitting': msg`Sending the report`,
      notReceived: msg`Reported not received`,
      'notReceived.waiting': msg`Waiting for the operator`,
      'notReceived.confirming': msg`Confirming receipt`,
      received: msg`Received`,
      forcedReceived: msg`Counted as received`,
      unavailable: msg`Nothing to confirm`,
    },
    events: {
      'report.submit': msg`Send the report`,
      'order.refresh': msg`The order changed on the server`,
      'received.confirm': msg`Tap "Received"`,
      'report.open': msg`Tap "Not received"`,
      'proof.add': msg`Add a picture`,
      'proof.remove': msg`Remove a picture`,
      'remark.change': msg`Edit the remark`,
      'report.cancel': msg`Cancel the report`,
    },
    guards: {
      hasForcedTime: msg`a receive deadline is set`,
      forcedIsDue: msg`the receive deadline has passed`,
      callInFlight: msg`an answer is being sent`,
      'startsAs(DISBURSED)': msg`the order is paid out`,
      'startsAs(NOT_RECEIVED)': msg`the order is reported not received`,
      'startsAs(RECEIVED)': msg`the order is received`,
      'startsAs(FORCED_RECEIVED)': msg`the order counts as received`,
      statusIs: msg`the new status leads here`,
      isComplete: msg`the proof is complete`,
    },
    actors: { confirmReceived: msg`Confirm receipt`, reportNotReceived: msg`Report not received` },
    delays: { forcedReceive: msg`Receive deadline reached` },
  },
};
