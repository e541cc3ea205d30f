import type { HelpSet } from './help-set';

/**
 * The English help set. Button and field names are the interface's own words (locales/en),
 * between double asterisks; keep them in step when a label changes.
 */
export const HELP_SET_EN: HelpSet = {
  index: {
    title: 'Overview',
    summary:
      'The portal is where you review the invoices of the customer accounts linked to you, promise payment, print invoices and prepare their payment.',
    sections: [
      {
        heading: 'What you can do',
        blocks: [
          {
            type: 'list',
            items: [
              'See the open balance, the overdue amount and what falls due soon on the **Home** page.',
              'List your open and closed invoices, search them, sort them, export them to Excel or PDF and print them.',
              'Open an invoice to read its details and line items, and view or print its document.',
              'Promise to pay invoices, so that your supplier knows when to expect the payment.',
              'Gather the invoices you intend to pay in the payment cart.',
              'Switch between the companies you work for, and between their currencies.',
            ],
          },
        ],
      },
      {
        heading: 'Finding your way',
        blocks: [
          {
            type: 'paragraph',
            text: 'The bar at the top of every page holds the main areas (**Home**, **Invoices**, **Payments** and **Disputes**), the **Account** and **Currency** lists, the **Cart** link with the number of invoices in your cart, your name, **Help** and **Sign out**.',
          },
          {
            type: 'paragraph',
            text: 'On a narrow screen, the main areas are behind the menu button at the top left.',
          },
          {
            type: 'tip',
            text: '**Payments** and **Disputes** are marked “Coming soon”: these areas arrive in a later release.',
          },
        ],
      },
      {
        heading: 'Using this help',
        blocks: [
          {
            type: 'paragraph',
            text: '**Help** opens the topic of the page you are on, in a window of its own: keep it beside the portal while you work, and choose any other topic from the list.',
          },
          {
            type: 'paragraph',
            text: 'Help is written in English and in French and follows the language of the portal. For any other language, the English help is shown. You can switch between the two at the top of this window.',
          },
        ],
      },
      {
        heading: 'Your session',
        blocks: [
          {
            type: 'paragraph',
            text: 'For your security, you are signed out after a period without activity, after a maximum time signed in, and when an administrator ends your session. The login page then tells you why: sign in again to carry on.',
          },
          {
            type: 'tip',
            text: 'Select **Sign out** when you have finished, above all on a shared computer. Signing out in one browser tab signs you out in the others.',
          },
        ],
      },
    ],
  },

  'sign-in': {
    title: 'Signing in',
    summary:
      'How to sign in, how the sign-in code sent by text message works, and what to do when you cannot sign in.',
    sections: [
      {
        heading: 'Sign in',
        blocks: [
          {
            type: 'steps',
            items: [
              'Enter your **Login name** and your **Password**.',
              'Select **Sign in**.',
              'If your account uses a sign-in code, enter the code you receive by text message (see below). Otherwise you arrive on the **Home** page.',
            ],
          },
          {
            type: 'paragraph',
            text: 'Choose **English** or **Français** at the top of the login page; this browser remembers the choice. Once you are signed in, the portal speaks the language of your user profile.',
          },
        ],
      },
      {
        heading: 'The sign-in code',
        blocks: [
          {
            type: 'paragraph',
            text: 'Some accounts need a second step after the password: a 6-digit code sent by text message to your mobile phone. The page shows the number it was sent to, partly hidden.',
          },
          {
            type: 'steps',
            items: ['Type the six digits of the code.', 'Select **Verify**.'],
          },
          {
            type: 'list',
            items: [
              'No code arrived? Select **Send a new code**. Wait a few seconds between two requests.',
              'A code is valid for a few minutes only. When it has expired, sign in again to receive a new one.',
              'After five wrong codes, the code stops working: ask for a new one.',
              '**Back to sign in** starts again from the login page.',
            ],
          },
        ],
      },
      {
        heading: 'No mobile number on file',
        blocks: [
          {
            type: 'paragraph',
            text: 'When your account needs a code but has no mobile number yet, the portal asks for one. Enter the **Area code** and the **Mobile phone** number, check the number shown under them, and select **Save**: the code is sent to that number.',
          },
          {
            type: 'tip',
            text: 'Once a number is on file, only your administrator can change it. **Close** takes you back to the login page.',
          },
        ],
      },
      {
        heading: 'Trouble signing in',
        blocks: [
          {
            type: 'steps',
            items: [
              'On the login page, select **Trouble signing in?**',
              'Enter your login name and select **Send recovery e-mail**.',
              'Open the e-mail and follow its link to recover access to your account.',
            ],
          },
          {
            type: 'paragraph',
            text: 'For your protection, the page gives the same answer whether or not the login name exists. If no e-mail arrives, or you cannot read that mailbox, contact your administrator.',
          },
        ],
      },
      {
        heading: 'When sign-in fails',
        blocks: [
          {
            type: 'list',
            items: [
              '“The login name or password is incorrect”: check the spelling, the Caps Lock key and the keyboard layout.',
              'After several failed attempts, each new attempt is answered more slowly; after ten, sign-in is locked for a while. Wait before trying again, or use **Trouble signing in?**',
              '“Your account has been deactivated”: only your administrator can reactivate it.',
              'A warning about your browser means it is too old for the portal: use Chrome 75, Edge 80, Firefox 74 or a later version.',
            ],
          },
        ],
      },
      {
        heading: 'Privacy policy and terms of use',
        blocks: [
          {
            type: 'paragraph',
            text: 'The **Privacy policy** and **Terms of use** links under the sign-in panel open these texts. A link is shown only when your portal provides that text.',
          },
        ],
      },
    ],
  },

  home: {
    title: 'Home',
    summary: 'The home page gives the position of the current account, in the current currency, at a glance.',
    sections: [
      {
        heading: 'What the page shows',
        blocks: [
          {
            type: 'paragraph',
            text: 'Under the greeting you find the current account (company name and customer number), the current currency, and today’s date as the portal counts it: due dates and overdue amounts are measured against that date.',
          },
        ],
      },
      {
        heading: 'The summary',
        blocks: [
          {
            type: 'paragraph',
            text: 'The cards add up the open invoices of the current account in the current currency, as of the date given above them:',
          },
          {
            type: 'list',
            items: [
              '**Open balance**: what remains to be paid on all open invoices, and how many there are.',
              '**Overdue**: the open invoices whose due date has passed.',
              '**Coming due in 30 days**: the open invoices due from today to 30 days ahead.',
              '**Credits**: the total of open credit balances (negative amounts), which reduce what you owe.',
              '**Disputed**: the amount under dispute on open invoices.',
            ],
          },
        ],
      },
      {
        heading: 'Another account or currency',
        blocks: [
          {
            type: 'paragraph',
            text: 'The figures follow the **Account** and **Currency** chosen at the top of the page: change either and the summary changes with it. See “Accounts and currencies”.',
          },
          {
            type: 'tip',
            text: 'If the page says that no customer account is linked to you, ask your administrator to link one.',
          },
        ],
      },
    ],
  },

  accounts: {
    title: 'Accounts and currencies',
    summary:
      'When you work for several companies, choose which customer account, and which of its currencies, the portal shows.',
    sections: [
      {
        heading: 'Choose the account',
        blocks: [
          {
            type: 'paragraph',
            text: 'The **Account** list at the top of every page holds the customer accounts linked to you, each shown as the company name followed by the customer number in brackets, for example “Acme Industrial Supply (C10001)”.',
          },
          {
            type: 'paragraph',
            text: 'Pick another account: a message confirms the change with the new customer number, and the home page, the invoices and the cart now show that account. When you have many accounts, type part of a name in the list to find it.',
          },
        ],
      },
      {
        heading: 'Choose the currency',
        blocks: [
          {
            type: 'paragraph',
            text: 'The **Currency** list beside it offers the currencies of the current account. Invoices, totals and the cart are always those of one currency. When you change account, the currency follows the new account.',
          },
          {
            type: 'tip',
            text: 'An account without any currency on file is shown in US dollars.',
          },
        ],
      },
      {
        heading: 'Your choice is kept',
        blocks: [
          {
            type: 'paragraph',
            text: 'The choice is saved with your user: it stays when you reload the page, and your next sign-in opens the same account. If a default account is set for you, sign-in starts on that one instead.',
          },
        ],
      },
      {
        heading: 'What changes with the account',
        blocks: [
          {
            type: 'list',
            items: [
              'Each account and currency has its own payment cart; the **Cart** count in the header follows your choice. Invoices already in the other cart stay there.',
              'The invoice list starts again on its first page, with nothing selected.',
            ],
          },
        ],
      },
    ],
  },

  invoices: {
    title: 'Invoices',
    summary:
      'The invoice list of the current account and currency: find invoices, act on one or several, export and print.',
    sections: [
      {
        heading: 'Open and closed invoices',
        blocks: [
          {
            type: 'paragraph',
            text: '**Open** lists the invoices with a balance still to settle; **Closed** lists those that are settled. Switch with the control above the list. Promising, disputing and adding to the cart concern open invoices only.',
          },
        ],
      },
      {
        heading: 'Reading the list',
        blocks: [
          {
            type: 'list',
            items: [
              'The list shows 50 invoices a page; move between pages with the pager under it, where you also read, for example, “1–50 of 124 invoices”.',
              'The last row gives the totals of every invoice that matches, not only of the page on screen.',
              'Select an invoice number to open the invoice’s details.',
              'The advanced search above the list narrows it down: see “Advanced search”.',
            ],
          },
        ],
      },
      {
        heading: 'Sort, resize and choose columns',
        blocks: [
          {
            type: 'list',
            items: [
              'Select a column title to sort by that column; select it again to reverse the order.',
              'Drag the right edge of a column title to make the column wider or narrower.',
              '**Columns** lets you show or hide columns and move them left or right. **Reset to default** brings back the original layout.',
            ],
          },
          {
            type: 'tip',
            text: 'Your columns, their order, widths and sort are saved with your user, so you find them again on any computer.',
          },
        ],
      },
      {
        heading: 'Act on one invoice',
        blocks: [
          {
            type: 'paragraph',
            text: 'The buttons at the end of each row are, in order: **Dispute**, **Promise to pay** (or **Remove promise** when the invoice is promised), **Print** and **Add to cart**. You only see the buttons your role allows.',
          },
          {
            type: 'paragraph',
            text: 'A greyed-out button tells you why when you point at it, for example “The invoice is already promised” or “A payment is pending for this invoice”.',
          },
          {
            type: 'tip',
            text: '**Dispute** leads to the disputes area, which arrives in a later release.',
          },
        ],
      },
      {
        heading: 'Act on several invoices',
        blocks: [
          {
            type: 'steps',
            items: [
              'Tick the invoices you want, or tick the box in the title row to take the whole page.',
              'Use the bar above the list: it shows how many invoices are selected and offers **Promise to pay**, **Remove promise**, **Print** and **Add to cart**.',
            ],
          },
          {
            type: 'list',
            items: [
              'Selected invoices that the action does not apply to are named and left out; the others go ahead.',
              'Without a selection, the buttons answer “Please select Transactions to Include”.',
              'The selection stays when you change page, and is cleared when you change account, currency, open or closed, or the search. **Clear selection** empties it.',
            ],
          },
        ],
      },
      {
        heading: 'Export and print the list',
        blocks: [
          {
            type: 'list',
            items: [
              '**Excel (this page)**: the invoices on screen.',
              '**Excel (all)**: every invoice that matches, over all pages.',
              '**PDF**: every invoice that matches, as a PDF table. A very long list is refused: export it to Excel, or narrow the search.',
              '**Print**: this page of the list as a PDF in a new tab, ready to print.',
            ],
          },
          {
            type: 'paragraph',
            text: 'Exports follow the list as you see it: the same search, sort and shown columns. While a file is being prepared, its progress shows under the buttons, with **Cancel**.',
          },
          {
            type: 'tip',
            text: 'If your browser blocks the new tab, the PDF is downloaded instead. To print the invoices themselves rather than the list, use **Print** on the rows or the selection bar (see “Viewing and printing invoices”).',
          },
        ],
      },
    ],
  },

  'advanced-search': {
    title: 'Advanced search',
    summary:
      'Narrow the invoice list with criteria on its fields, combine them with and or or, and save the searches you use often.',
    sections: [
      {
        heading: 'Open the panel',
        blocks: [
          {
            type: 'paragraph',
            text: 'Select **Advanced search** above the invoice list. Beside it, a line sums up the criteria in force, and a badge counts them. The panel opens by itself when a search is in force.',
          },
        ],
      },
      {
        heading: 'Add criteria',
        blocks: [
          {
            type: 'steps',
            items: [
              'Tick a field under **Fields**, for example **Due date** or **Balance**: a criterion row appears.',
              'Choose its constraint: is, contains, greater than, between, in the past…',
              'Enter the value. With between, a second value appears after the word **And**.',
            ],
          },
          {
            type: 'paragraph',
            text: 'Untick the field, or use the remove button at the end of its row, to take a criterion away.',
          },
        ],
      },
      {
        heading: 'Combine criteria',
        blocks: [
          {
            type: 'paragraph',
            text: 'Choose **Match all (and)** to keep invoices that meet every criterion, or **Match any (or)** to keep those that meet at least one.',
          },
          {
            type: 'paragraph',
            text: '**Add group** creates a group with its own operator, nested as deep as you need. Add fields to it with **Add a field to this group**, and remove it with **Remove group**.',
          },
          {
            type: 'tip',
            text: 'Example: “Due date in the past” and a group matching any of “Balance greater than 1,000” or “Promised is No” finds overdue invoices that are large or not yet promised.',
          },
        ],
      },
      {
        heading: 'When the search applies',
        blocks: [
          {
            type: 'paragraph',
            text: 'Every valid change applies at once; while you type a value, the search waits for a short pause. A criterion marked invalid holds the search back until you correct it.',
          },
          {
            type: 'paragraph',
            text: 'Your portal may be set to wait for you instead: then **Apply** runs the search. **Reset** removes every criterion.',
          },
        ],
      },
      {
        heading: 'Saved searches',
        blocks: [
          {
            type: 'list',
            items: [
              'Open **Saved searches** and choose one to apply it.',
              '**Save current search…** keeps the search under a name; saving under an existing name replaces that search.',
              'Each search can be deleted from the same menu, after a confirmation.',
            ],
          },
          {
            type: 'paragraph',
            text: 'Saved searches are your own: other users do not see them. You can keep up to 50.',
          },
        ],
      },
      {
        heading: 'Bookmark a search',
        blocks: [
          {
            type: 'paragraph',
            text: 'The search is part of the page address: bookmark the page to come back to the same search, or send the address to a colleague who can see the same account.',
          },
        ],
      },
    ],
  },

  'invoice-detail': {
    title: 'Invoice details',
    summary:
      'Everything about one invoice: its amounts, its header, its line items and what you can do with it.',
    sections: [
      {
        heading: 'Open an invoice',
        blocks: [
          {
            type: 'paragraph',
            text: 'Select the invoice number in the invoice list. **Back to invoices** takes you back to the list, open or closed as before.',
          },
        ],
      },
      {
        heading: 'What you see',
        blocks: [
          {
            type: 'list',
            items: [
              'Beside the title, badges give the status (**Open** or **Closed**) and, when they apply, **Promised** with the follow-up date, **In the payment cart** and **Payment pending**.',
              'The amounts: **Amount**, **Paid**, **Disputed** and **Balance**, what remains to be paid.',
              '**Invoice details**: dates, terms, PO number, sales representative, shipping method and delivery address.',
              '**Line items**: item, description, quantity shipped, price and extended amount, with the disputed quantity and amount of each line.',
            ],
          },
          {
            type: 'tip',
            text: 'Disputed amounts are shown only to users allowed to see them.',
          },
        ],
      },
      {
        heading: 'Act on the invoice',
        blocks: [
          {
            type: 'paragraph',
            text: 'The buttons under the title are those of the list: **Dispute**, **Promise to pay** or **Remove promise**, **Print** and **Add to cart**. A greyed-out button tells you why when you point at it.',
          },
        ],
      },
      {
        heading: 'Questions about an invoice',
        blocks: [
          {
            type: 'paragraph',
            text: 'The **Questions?** box names your collector, the person at your supplier who looks after your account, with an e-mail address and a phone number you can use directly.',
          },
        ],
      },
    ],
  },

  documents: {
    title: 'Viewing and printing invoices',
    summary: 'The invoice viewer shows invoice documents page by page, ready to print or download.',
    sections: [
      {
        heading: 'Open the viewer',
        blocks: [
          {
            type: 'paragraph',
            text: 'Select **Print** on an invoice row, on the selection bar or on the invoice details page. The viewer opens over the page.',
          },
          {
            type: 'paragraph',
            text: 'Several selected invoices make one document, each invoice starting on a new page. Up to 50 invoices can be opened at once.',
          },
        ],
      },
      {
        heading: 'Move through the pages',
        blocks: [
          {
            type: 'list',
            items: [
              'The arrow buttons go to the first, previous, next and last page.',
              'Type a page number in the box and press Enter to go straight to it; the total number of pages is shown beside it.',
              'A spinner shows while a page is being drawn.',
            ],
          },
        ],
      },
      {
        heading: 'Zoom',
        blocks: [
          {
            type: 'paragraph',
            text: '**Zoom out** and **Zoom in** change the size by steps of 10%, from 50% to 300%; the current level is shown between them.',
          },
        ],
      },
      {
        heading: 'Print or download',
        blocks: [
          {
            type: 'list',
            items: [
              '**Print** opens your browser’s print dialog with the whole document.',
              '**Download** saves the document as a PDF file.',
            ],
          },
          {
            type: 'tip',
            text: 'If printing from the viewer does not work in your browser, download the document and print the file.',
          },
        ],
      },
      {
        heading: 'Close the viewer',
        blocks: [
          {
            type: 'paragraph',
            text: 'Select **Close**, the cross at the top right, or press Escape.',
          },
        ],
      },
      {
        heading: 'When a document cannot be opened',
        blocks: [
          {
            type: 'paragraph',
            text: 'A message says why, for example that an invoice was not found or that too many invoices were selected, and the viewer closes. Select fewer invoices, or ask your collector about a missing document.',
          },
        ],
      },
    ],
  },

  'promise-to-pay': {
    title: 'Promise to pay',
    summary:
      'Tell your supplier that you will pay an invoice, and from which date they may follow it up with you.',
    sections: [
      {
        heading: 'Promise one or several invoices',
        blocks: [
          {
            type: 'steps',
            items: [
              'Select **Promise to pay** on an invoice row or on the invoice details page; for several invoices, tick them and select **Promise to pay** on the selection bar.',
              'Choose the **Follow-up date**: today by default, and at most 90 days ahead.',
              'Select **Confirm promise**.',
            ],
          },
          {
            type: 'paragraph',
            text: 'A message confirms the promise and its follow-up date. The invoice then shows as promised: the **Promised** column reads Yes, and the details page shows a **Promised** badge with the date.',
          },
        ],
      },
      {
        heading: 'Which invoices can be promised',
        blocks: [
          {
            type: 'paragraph',
            text: 'An invoice can be promised when it is open, has a balance, is not promised yet, has no payment pending and is not in the payment cart. Among selected invoices, those that cannot be promised are named in the dialog and left out.',
          },
          {
            type: 'tip',
            text: 'The promise buttons appear only for users allowed to promise payment.',
          },
        ],
      },
      {
        heading: 'Remove a promise',
        blocks: [
          {
            type: 'paragraph',
            text: 'Select **Remove promise** on the invoice row, the details page or the selection bar, then confirm. A promise cannot be removed while the invoice is in the payment cart or has a payment pending.',
          },
        ],
      },
      {
        heading: 'Messages you may see',
        blocks: [
          {
            type: 'list',
            items: [
              '“Select a valid date”: choose a date in the calendar.',
              '“The date is too far in the future”: choose a date within the number of days given.',
              'A promised invoice cannot be disputed: remove the promise first.',
            ],
          },
        ],
      },
    ],
  },

  'payment-cart': {
    title: 'Payment cart',
    summary: 'Gather the invoices you intend to pay for the current account and currency.',
    sections: [
      {
        heading: 'Add invoices',
        blocks: [
          {
            type: 'paragraph',
            text: 'Select **Add to cart** on an invoice row, on the selection bar or on the invoice details page. The **Cart** link at the top of every page shows how many invoices the cart holds; select it to open the cart.',
          },
          {
            type: 'paragraph',
            text: 'An invoice can go into the cart when it is open, its balance is not zero and not entirely disputed, no payment is pending and it is not in the cart already. A credit (a negative balance) needs the credit-adjustment permission, and an invoice with a disputed amount needs the permission to see disputed amounts.',
          },
        ],
      },
      {
        heading: 'What the cart shows',
        blocks: [
          {
            type: 'list',
            items: [
              'Each invoice with its **Balance**, its **Disputed** amount and its **Payment amount**: the balance less the disputed amount.',
              'Under the lines, the number of invoices and the **Total to pay**.',
            ],
          },
          {
            type: 'paragraph',
            text: 'When you open the cart, it is checked against the latest balances. If that check fails, a warning says the amounts shown may be out of date.',
          },
        ],
      },
      {
        heading: 'Remove invoices',
        blocks: [
          {
            type: 'list',
            items: [
              'The bin button at the end of a line removes that invoice, after a confirmation.',
              'Tick several lines and select **Remove selected** to remove them together.',
              '**Empty the cart** removes every invoice.',
            ],
          },
        ],
      },
      {
        heading: 'Pay',
        blocks: [
          {
            type: 'paragraph',
            text: '**Pay by card**, **Pay by debit card** and, for US dollars, **Pay by e-check** are shown but not active yet: paying from the portal arrives in a later release.',
          },
        ],
      },
      {
        heading: 'One cart per account and currency',
        blocks: [
          {
            type: 'paragraph',
            text: 'Each account and currency has its own cart: when you switch, you see the cart of your new choice, and the invoices of the other cart wait there. Under the cart, your collector’s contact details are there for any question.',
          },
        ],
      },
    ],
  },
};
